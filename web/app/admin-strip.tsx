import { NavLink } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { adminNavItems } from './nav-items';

/** Shown to admins only, under the top bar. */
export function AdminStrip() {
  return (
    <nav aria-label="Admin" className="bg-slate-900 text-slate-200">
      <div className="mx-auto flex min-h-10 max-w-7xl flex-wrap items-center gap-1 px-4 py-1.5 text-[13px] sm:px-6 lg:px-8">
        <span className="mr-2 flex shrink-0 items-center gap-1.5 font-semibold text-white">
          <ShieldCheck className="size-4 text-teal-300" aria-hidden />
          Admin
        </span>
        {adminNavItems.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              cn(
                'shrink-0 rounded px-2.5 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-teal-300',
                isActive ? 'bg-white/15 text-white' : 'hover:bg-white/10 hover:text-white',
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
