// Claiming one tool: its name and domain, the member's claim of it if any, and the four ways to prove it (an e-mail
// code to an address on its domain, a DNS record, a meta tag, a well-known file), one shown at a time.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CLAIM_METHOD_LABELS, CLAIM_METHODS, type ClaimMethod } from '../../../lib/claims';
import { hostOf } from '../../../lib/format';
import { logError, serverMessage } from '../../../lib/http';
import { $claims, fetchClaimedTool, type ClaimedTool } from '../../stores/claims';
import { ClaimMessage } from './ClaimMessage';
import { ClaimStatusBadge } from './ClaimStatusBadge';
import { EmailProof } from './EmailProof';
import { TokenProof } from './TokenProof';

/** The tool by slug: loading (undefined), found, or the reason it cannot be claimed. */
function useClaimedTool(slug: string): ClaimedTool | { error: string } | undefined {
  const [tool, setTool] = useState<ClaimedTool | { error: string }>();
  useEffect(() => {
    fetchClaimedTool(slug).then(setTool, (error) => {
      logError(error);
      setTool({ error: serverMessage(error) });
    });
  }, [slug]);
  return tool;
}

export function ClaimTool({ slug }: { slug: string }) {
  const tool = useClaimedTool(slug);
  const { data: claims } = useStore($claims);
  const claim = claims?.find((c) => c.tool.slug === slug);
  const [method, setMethod] = useState<ClaimMethod>();
  // A proof that passed hides the proofs (the claim is verified): its message is shown here, where it stays.
  const [verified, setVerified] = useState<string>();
  const shown = method ?? claim?.method ?? 'email';

  if (!tool) return <span className="loading loading-spinner" role="status" aria-label="Loading" />;
  if ('error' in tool)
    return (
      <div role="alert" className="alert alert-error" data-testid="claim-tool-missing">
        This tool cannot be claimed: {tool.error}
      </div>
    );
  return (
    <section className="card bg-base-100 border border-base-200" aria-labelledby="claim-tool-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="claim-tool-title" className="card-title text-2xl">
            {tool.name}
          </h2>
          {claim && <ClaimStatusBadge status={claim.status} />}
        </div>
        <p className="text-sm text-base-content/80">
          <a className="link" href={`/tool/${tool.slug}`}>
            Its page
          </a>{' '}
          · {hostOf(tool.url)}
        </p>
        {verified && <ClaimMessage ok text={verified} />}
        {claim && (
          <p className="text-sm" data-testid="claim-next">
            {claim.next}
          </p>
        )}
        {claim?.status === 'verified' && !claim.graceUntil ? null : (
          <>
            <fieldset>
              <legend className="font-medium mb-2">How will you prove it?</legend>
              <div role="radiogroup" className="join join-vertical sm:join-horizontal w-full">
                {CLAIM_METHODS.map((m) => (
                  <label key={m} className={`btn join-item ${shown === m ? 'btn-primary' : 'btn-outline'}`}>
                    <input
                      type="radio"
                      name="claim-method"
                      className="sr-only"
                      value={m}
                      checked={shown === m}
                      onChange={() => setMethod(m)}
                    />
                    {CLAIM_METHOD_LABELS[m]}
                  </label>
                ))}
              </div>
            </fieldset>
            {shown === 'email' ? (
              <EmailProof
                slug={tool.slug}
                url={tool.url}
                claim={claim?.method === 'email' ? claim : undefined}
                onVerified={setVerified}
              />
            ) : (
              <TokenProof
                slug={tool.slug}
                method={shown}
                claim={claim?.method === shown ? claim : undefined}
                onVerified={setVerified}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
