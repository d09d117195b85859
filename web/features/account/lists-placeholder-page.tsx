import { Link } from 'react-router';
import { FolderHeart } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** Stand-in for /lists until the lists feature lands (it replaces this route and deletes the file). */
export function ListsPlaceholderPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">My Lists</h1>
      <div className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
        <FolderHeart className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">You don't have any saved lists yet.</p>
        <Button asChild>
          <Link to="/directory">Go to Directory</Link>
        </Button>
      </div>
    </div>
  );
}
