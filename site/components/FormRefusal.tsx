// The refusal above a form's fields: the server's message for a post it refused (the page again, without JavaScript) or
// for the call the island sent, under the title its toast would carry where there is one.
import type { ReactNode } from 'react';

export function FormRefusal({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-box border border-error/40 bg-error/10 px-4 py-3 text-sm">
      {title && <p className="font-semibold text-error-text">{title}</p>}
      {children}
    </div>
  );
}
