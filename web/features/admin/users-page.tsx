import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { RefreshCw, Search } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { ResultsPagination } from '@web/components/results-pagination';
import { formatNumber } from '@web/lib/utils';
import { adminKeys, useUsers, useUserStats } from './api';
import { subscriptionBadge, userRowDisplay, usersFooter } from './format';
import { TableStates } from './table-states';

const SEARCH_DELAY_MS = 300;

const BADGE_VARIANT = { active: 'success', trial: 'info', free: 'muted' } as const;

/** /users: User Management (docs/rules.md#admin). Search and paging run on the server; both live in the URL. */
export function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('query') ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(query);
  const queryClient = useQueryClient();

  const users = useUsers(query, page);
  const stats = useUserStats();

  const { isError, error } = users;
  useEffect(() => {
    if (isError) toast.error('Failed to load users', { description: 'There was a problem loading the user data.' });
  }, [isError, error]);

  // The box is typed into freely; the URL (and the server query) follows after a short pause.
  useEffect(() => {
    const trimmed = draft.trim();
    if (trimmed === query) return;
    const timer = window.setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (trimmed) next.set('query', trimmed);
          else next.delete('query');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, query, setSearchParams]);

  function goToPage(next: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  }

  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;

  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">User Management</h1>
          <p className="mt-1 text-muted-foreground">Everyone with an account, their subscription and exports.</p>
        </header>

        <section aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ['Total Users', stats.data?.totalUsers],
              ['Active Subscriptions', stats.data?.activeSubscriptions],
              ['Total Exports', stats.data?.totalExports],
            ] as const
          ).map(([label, value]) => (
            <Card key={label} className="p-4">
              <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
              {value === undefined ? (
                <Skeleton className="mt-2 h-8 w-20" />
              ) : (
                <p className="mt-1 text-3xl font-semibold tabular-nums" aria-label={`${label}: ${value}`}>
                  {formatNumber(value)}
                </p>
              )}
            </Card>
          ))}
        </section>

        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-0 flex-1 sm:max-w-sm">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search users by email"
              placeholder="Search users by email..."
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="pl-9"
            />
          </div>
          <Button
            variant="outline"
            disabled={users.isFetching}
            onClick={() => queryClient.invalidateQueries({ queryKey: adminKeys.users })}
          >
            <RefreshCw className={users.isFetching ? 'animate-spin' : undefined} aria-hidden />
            Refresh
          </Button>
        </div>

        <Card className="overflow-hidden">
          <Table aria-label="Users" aria-busy={users.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead className="hidden md:table-cell">Signup Date</TableHead>
                <TableHead className="hidden md:table-cell">Last Sign In</TableHead>
                <TableHead className="hidden sm:table-cell">Subscription</TableHead>
                <TableHead className="text-right whitespace-normal sm:whitespace-nowrap">Exported Contacts</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStates
                columns={5}
                loading={users.isPending}
                empty={rows.length === 0 && 'No users found'}
              >
                {rows.map((user) => {
                  const shown = userRowDisplay(user);
                  const badge = subscriptionBadge(user);
                  return (
                    // The whole row opens the user: the email link stretches over it (a click
                    // anywhere), and Enter on the focused link opens it, one tab stop per row.
                    <TableRow
                      key={user.id}
                      className="relative cursor-pointer has-[a:focus-visible]:bg-surface has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-ring"
                    >
                      <TableCell className="max-w-52 sm:max-w-64 sm:min-w-48">
                        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
                          <Link
                            to={`/users/${user.id}`}
                            className="min-w-0 truncate font-medium text-primary outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
                          >
                            {user.email}
                          </Link>
                          {user.role === 'admin' && <Badge variant="destructive">Admin</Badge>}
                        </div>
                        {/* Narrow screens: the hidden columns' values under the email, so no column is cut off. */}
                        <div className="mt-1 space-y-1 text-xs text-muted-foreground md:hidden">
                          <p>
                            Signed up {shown.signupDate} · Last sign in {shown.lastSignIn}
                          </p>
                          <Badge variant={BADGE_VARIANT[badge.tone]} className="sm:hidden">
                            {badge.label}
                          </Badge>
                        </div>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">{shown.signupDate}</TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">{shown.lastSignIn}</TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant={BADGE_VARIANT[badge.tone]}>{badge.label}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(shown.exports)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableStates>
            </TableBody>
          </Table>
          {users.data && (
            <p role="status" className="border-t px-4 py-3 text-sm text-muted-foreground">
              {usersFooter(rows.length, total)}
            </p>
          )}
        </Card>

        {users.data && <ResultsPagination page={page} pageCount={users.data.pageCount} onPageChange={goToPage} />}
      </div>
    </div>
  );
}
