// A private preview of a submission that is not public yet: only its owner and reviewers can open it.
import { useEffect, useState } from 'react';
import { hostOf, pricingLabel, shortDate, tagLabel } from '../../../lib/format';
import { logError } from '../../../lib/http';
import { NOT_FOUND } from '../../../lib/messages';
import ToolLogo from '../../components/ToolLogo';
import { fetchOwnTool, type OwnTool } from '../../stores/my-tools';
import { redirectToLogin } from '../../stores/user';
import { useUser } from '../../stores/use-user';
import { PageSpinner } from '../../components/PageSpinner';

export default function ToolPreview() {
  const { data: user, loading } = useUser();
  const [tool, setTool] = useState<OwnTool | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (loading) return;
    if (!user) {
      const timer = redirectToLogin();
      return () => clearTimeout(timer);
    }
    const id = new URLSearchParams(window.location.search).get('id');
    fetchOwnTool(id ?? '')
      .then(setTool)
      .catch((error) => {
        logError(error);
        setMissing(true);
      });
  }, [user, loading]);

  if (missing) {
    return (
      <div className="text-center py-24">
        <h1 className="text-2xl font-bold">{NOT_FOUND.tool}</h1>
        <p className="text-base-content/80 mt-2">{NOT_FOUND.toolText}</p>
        <a href="/dashboard" className="btn btn-primary mt-6">
          Back to Dashboard
        </a>
      </div>
    );
  }
  if (!tool) {
    return <PageSpinner />;
  }
  return (
    <article className="max-w-3xl mx-auto px-4 py-10">
      <div role="alert" className="alert alert-warning mb-6">
        <span>
          Private preview — this tool is <strong>{tool.status}</strong> and not visible in the public directory.
          {tool.status === 'rejected' && tool.rejectionReason ? ` Reason: ${tool.rejectionReason}` : ''}
        </span>
      </div>
      <div className="flex items-center gap-4">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size="lg" />
        <div>
          <h1 className="text-3xl font-bold">{tool.name}</h1>
          <p className="text-base-content/80">{hostOf(tool.url)}</p>
        </div>
      </div>
      <p className="mt-6 text-lg">{tool.description}</p>
      <dl className="mt-6 grid sm:grid-cols-3 gap-4">
        <div>
          <dt className="text-sm text-base-content/80">Categories</dt>
          <dd>{tool.tags.map(tagLabel).join(', ')}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/80">Pricing</dt>
          <dd>{tool.pricingModel ? pricingLabel(tool.pricingModel) : '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/80">Submitted</dt>
          <dd>{shortDate(tool.submittedAt)}</dd>
        </div>
      </dl>
      <a href="/dashboard" className="btn btn-ghost mt-8">
        Back to Dashboard
      </a>
    </article>
  );
}
