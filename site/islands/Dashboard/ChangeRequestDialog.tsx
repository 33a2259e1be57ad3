// The owner's Edit dialog for an approved tool: saving files a change request for review.
import { useState, type FormEvent } from 'react';
import { PRICING_MODELS } from '../../../lib/categories';
import { pricingLabel, splitCommaList } from '../../../lib/format';
import { logError, send, serverMessage } from '../../../lib/http';
import { changeRequestSchema, firstIssue } from '../../../lib/schemas';
import CategoryCheckboxes from '../../components/CategoryCheckboxes';
import FormActions from '../../components/FormActions';
import Modal from '../../components/Modal';
import { showToast } from '../../stores/toast';
import { invalidateKeys } from '../../stores/user';
import { MY_TOOLS_KEY, type MyTool } from '../../stores/my-tools';

export default function ChangeRequestDialog({ tool, onClose }: { tool: MyTool; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>(tool.tags);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = changeRequestSchema.safeParse({
      name: data.get('name'),
      url: data.get('url'),
      description: data.get('description'),
      tags,
      pricingModel: data.get('pricingModel') || null,
      targetAudience: splitCommaList(String(data.get('targetAudience') ?? '')),
    });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setPending(true);
    try {
      await send('POST', `/api/tools/${tool.id}/change-requests`, parsed.data);
      showToast({ title: 'Change Request Submitted', description: 'Our editors will review your changes.', variant: 'success' });
      invalidateKeys(MY_TOOLS_KEY);
      onClose();
    } catch (err) {
      logError(err);
      setError(serverMessage(err) || 'Failed to submit changes');
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal title={`Edit ${tool.name}`} onClose={onClose} size="lg">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <p className="text-sm text-base-content/80">Changes to a listed tool are reviewed by our editors before they go live.</p>
        <label className="form-control">
          <span className="label-text mb-1 block">Tool Name</span>
          <input name="name" defaultValue={tool.name} className="input input-bordered w-full" />
        </label>
        <label className="form-control">
          <span className="label-text mb-1 block">Website URL</span>
          <input name="url" type="url" defaultValue={tool.url} className="input input-bordered w-full" />
        </label>
        <label className="form-control">
          <span className="label-text mb-1 block">Tool Description</span>
          <textarea name="description" defaultValue={tool.description} rows={4} className="textarea textarea-bordered w-full" />
        </label>
        <CategoryCheckboxes value={tags} onChange={setTags} />
        <div className="grid md:grid-cols-2 gap-3">
          <label className="form-control">
            <span className="label-text mb-1 block">Pricing Model</span>
            <select name="pricingModel" defaultValue={tool.pricingModel ?? ''} className="select select-bordered w-full">
              <option value="">Not specified</option>
              {PRICING_MODELS.map((p) => (
                <option key={p} value={p}>
                  {pricingLabel(p)}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text mb-1 block">Target Audience (comma-separated)</span>
            <input name="targetAudience" defaultValue={tool.targetAudience.join(', ')} className="input input-bordered w-full" />
          </label>
        </div>
        <FormActions error={error} pending={pending} onCancel={onClose} submitLabel="Submit Changes" />
      </form>
    </Modal>
  );
}
