// The Pending Review tab's dialogs: approve with a take and score, reject with a reason from the list and a note, or
// ask the submitter for changes (docs/decisions/0104).
import { LISTING_MSG } from '../../../../lib/listing-messages';
import { TOAST } from '../../../../lib/messages';
import { requestChangesSchema } from '../../../../lib/schemas';
import { approveTool, rejectTool, requestToolChanges, type AdminPendingTool } from '../../../stores/admin';
import { perform } from '../feedback';
import ReasonDialog from './ReasonDialog';
import RejectDialog from './RejectDialog';
import ReviewDialog from './ReviewDialog';

export interface PendingAction {
  kind: 'approve' | 'reject' | 'changes';
  tool: AdminPendingTool;
}

export default function PendingDialog({ dialog, onClose }: { dialog: PendingAction; onClose: () => void }) {
  return (
    <>
      {dialog.kind === 'approve' && (
        <ReviewDialog
          title={`Approve ${dialog.tool.name}`}
          intro={
            <p className="text-sm text-base-content/80">
              The tool goes live in the directory with your take and score, and the submitter is told by e-mail.
            </p>
          }
          submitLabel="Approve Tool"
          pendingLabel="Approving..."
          onClose={onClose}
          testId="approve-dialog"
          onSubmit={(review) =>
            perform(() => approveTool(dialog.tool.id, review), {
              success: () => ({
                title: TOAST.toolApproved,
                description: `${dialog.tool.name} is now live in the directory.`,
              }),
              failure: TOAST.approveFailed,
            })
          }
        />
      )}
      {dialog.kind === 'reject' && (
        <RejectDialog
          toolName={dialog.tool.name}
          onClose={onClose}
          onSubmit={(rejection) =>
            perform(() => rejectTool(dialog.tool.id, rejection), {
              success: () => ({
                title: TOAST.toolRejected,
                description: `${dialog.tool.name} was rejected and the submitter notified.`,
              }),
              failure: TOAST.rejectFailed,
            })
          }
        />
      )}
      {dialog.kind === 'changes' && (
        <ReasonDialog
          title={`Request changes to ${dialog.tool.name}`}
          intro={
            <p className="text-sm text-base-content/80">
              The submission stays in its place in the queue; the submitter is e-mailed your note and it comes back to
              you when they edit it.
            </p>
          }
          label="What should change"
          placeholder="What the submitter should add or correct"
          schema={requestChangesSchema}
          field="note"
          submitLabel="Request Changes"
          pendingLabel="Sending..."
          onClose={onClose}
          testId="request-changes-dialog"
          onSubmit={(note) =>
            perform(() => requestToolChanges(dialog.tool.id, note), {
              success: () => ({
                title: LISTING_MSG.changesRequested,
                description: `${dialog.tool.name}'s submitter was asked for changes.`,
              }),
              failure: LISTING_MSG.requestChangesFailed,
            })
          }
        />
      )}
    </>
  );
}
