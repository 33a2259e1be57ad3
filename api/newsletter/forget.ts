// Forgets addresses left unconfirmed FORGET_UNCONFIRMED_DAYS days (docs/decisions/0105). Placeholder: filled by the newsletter work.

export function startForgettingUnconfirmed(): () => void {
  return () => {};
}
