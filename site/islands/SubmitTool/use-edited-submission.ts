// The submit form's ?edit=<id>: the owner's pending submission to edit or rejected one to resubmit (docs/decisions/0069),
// loaded through the my-tools store and put in the form; what the form then does and says, by the tool's status.
import { useEffect, useState } from 'react';
import { logError, serverMessage } from '../../../lib/http';
import { MSG, TOAST } from '../../../lib/messages';
import { fetchOwnTool, type OwnTool } from '../../stores/my-tools';
import { showToast } from '../../stores/toast';

/** What the form does to a tool of the owner's, by its status: edit it while pending, resubmit it once rejected. */
export const REWRITE = {
  pending: { toast: TOAST.submissionSaved, label: 'Save Changes', busy: 'Saving...' },
  rejected: { toast: TOAST.resubmitted, label: 'Resubmit for Review', busy: 'Resubmitting...' },
} as const;
type Rewritable = keyof typeof REWRITE;
export const isRewritable = (status: string): status is Rewritable => Object.hasOwn(REWRITE, status);

/** The id in ?edit=, if any. */
function editedId(): string | null {
  return new URLSearchParams(window.location.search).get('edit');
}

/** The form's values for a tool of the owner's. */
function valuesOf(tool: OwnTool) {
  return {
    name: tool.name,
    url: tool.url,
    description: tool.description,
    tags: tool.tags,
    isPremium: tool.isPremium ? ('true' as const) : ('false' as const),
    pricingModel: tool.pricingModel ?? ('' as const),
    targetAudience: tool.targetAudience.join(', '),
  };
}

/**
 * The tool of ?edit= once loaded, put in the form through `reset`; undefined while it loads, null for a new
 * submission (or one that cannot be edited, after a toast saying why).
 */
export function useEditedSubmission(reset: (values: ReturnType<typeof valuesOf>) => void): OwnTool | null | undefined {
  const [editing, setEditing] = useState<OwnTool | null | undefined>(undefined);
  useEffect(() => {
    const id = editedId();
    if (!id) {
      setEditing(null);
      return;
    }
    fetchOwnTool(id)
      .then((tool) => {
        if (!isRewritable(tool.status)) throw new Error(MSG.onlyRejectedResubmitted);
        reset(valuesOf(tool));
        setEditing(tool);
      })
      .catch((error) => {
        logError(error);
        showToast({
          title: TOAST.submissionFailed,
          description: serverMessage(error) || MSG.toolNotFound,
          variant: 'destructive',
        });
        setEditing(null);
      });
  }, [reset]);
  return editing;
}
