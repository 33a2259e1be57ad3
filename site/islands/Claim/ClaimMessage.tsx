// What a claim call said: a success in green, anything else (what a check found instead, a refusal) as a warning.
export function ClaimMessage({ ok, text }: { ok: boolean; text: string }) {
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={`alert ${ok ? 'alert-success' : 'alert-warning'}`}
      data-testid="claim-message"
    >
      <p className="break-words">{text}</p>
    </div>
  );
}
