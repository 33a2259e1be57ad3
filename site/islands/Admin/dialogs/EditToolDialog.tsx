// The Edit dialog of an approved tool: its public fields, the editorial take and score, premium,
// and (for premium tools) the demo video, screenshots, pricing model and audience.
import { useId, useState, type FormEvent } from 'react';
import { CATEGORY_IDS, PRICING_MODELS } from '../../../../lib/categories';
import { clampQualityScore, pricingLabel, splitCommaList } from '../../../../lib/format';
import { TOAST } from '../../../../lib/messages';
import { firstIssue, toolUpdateSchema } from '../../../../lib/schemas';
import { updateTool, type ApprovedTool } from '../../../stores/admin';
import { perform } from '../feedback';
import Field from '../../../components/Field';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import QualityScoreInput from './QualityScoreInput';

/** `ownTool`: why the viewer may not change the take, the score or premium (a tool they submitted), if so. */
export default function EditToolDialog({ tool, ownTool, onClose }: { tool: ApprovedTool; ownTool?: string; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(tool.name);
  const [url, setUrl] = useState(tool.url);
  const [description, setDescription] = useState(tool.description);
  const [tags, setTags] = useState(tool.tags.join(', '));
  const [curatorTake, setCuratorTake] = useState(tool.curatorTake ?? '');
  const [score, setScore] = useState(String(clampQualityScore(tool.qualityScore)));
  const [isPremium, setIsPremium] = useState(tool.isPremium);
  const [videoUrl, setVideoUrl] = useState(tool.videoUrl ?? '');
  const [screenshots, setScreenshots] = useState(tool.screenshots.join(', '));
  const [pricingModel, setPricingModel] = useState(tool.pricingModel ?? '');
  const [targetAudience, setTargetAudience] = useState(tool.targetAudience.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const qualityScore = clampQualityScore(score);
    setScore(String(qualityScore));
    // The premium-only fields are sent only while the tool is premium; a free tool keeps what it had.
    const parsed = toolUpdateSchema.safeParse({
      name,
      url,
      description,
      tags: splitCommaList(tags),
      curatorTake,
      qualityScore,
      isPremium,
      ...(isPremium ? { videoUrl, screenshots: splitCommaList(screenshots), pricingModel, targetAudience: splitCommaList(targetAudience) } : {}),
    });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setError(null);
    setPending(true);
    const saved = await perform(() => updateTool(tool.id, parsed.data), {
      success: () => ({ title: TOAST.toolUpdated, description: parsed.data.name ?? tool.name }),
      failure: TOAST.updateToolFailed,
    });
    setPending(false);
    if (saved) onClose();
  }

  return (
    <Modal title={`Edit ${tool.name}`} onClose={onClose} size="lg" testId="edit-tool-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="grid md:grid-cols-2 gap-4">
          <Field id={`${id}-name`} label="Name">
            <input id={`${id}-name`} className="input input-bordered w-full" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id={`${id}-url`} label="URL">
            <input id={`${id}-url`} type="url" className="input input-bordered w-full" value={url} onChange={(e) => setUrl(e.target.value)} />
          </Field>
        </div>
        <Field id={`${id}-description`} label="Description">
          <textarea id={`${id}-description`} rows={4} className="textarea textarea-bordered w-full" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field id={`${id}-tags`} label="Tags (comma-separated)" hint={`Category ids: ${CATEGORY_IDS.join(', ')}`}>
          <input
            id={`${id}-tags`}
            className="input input-bordered w-full"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            aria-describedby={`${id}-tags-hint`}
          />
        </Field>
        <fieldset className="flex flex-col gap-4" disabled={Boolean(ownTool)} title={ownTool} aria-describedby={ownTool ? `${id}-own` : undefined}>
          <Field id={`${id}-take`} label="Curator's Take">
            <textarea id={`${id}-take`} rows={4} className="textarea textarea-bordered w-full" value={curatorTake} onChange={(e) => setCuratorTake(e.target.value)} />
          </Field>
          <div className="flex flex-wrap items-end gap-6">
            <Field id={`${id}-score`} label="Quality Score">
              <QualityScoreInput id={`${id}-score`} value={score} onChange={setScore} />
            </Field>
            <label className="flex items-center gap-2 cursor-pointer pb-3">
              <input type="checkbox" className="checkbox checkbox-warning" checked={isPremium} onChange={(e) => setIsPremium(e.target.checked)} />
              <span className="label-text font-medium">Premium tool</span>
            </label>
          </div>
          {ownTool && (
            <p id={`${id}-own`} className="text-sm text-base-content/80">
              {ownTool}
            </p>
          )}
        </fieldset>

        {isPremium && (
          <fieldset className="border border-warning/40 rounded-box p-4 flex flex-col gap-4" data-testid="premium-fields">
            <legend className="px-2 text-sm font-semibold">Premium listing</legend>
            <Field id={`${id}-video`} label="Demo Video URL">
              <input id={`${id}-video`} type="url" className="input input-bordered w-full" placeholder="https://www.youtube.com/watch?v=..." value={videoUrl} onChange={(e) => setVideoUrl(e.target.value)} />
            </Field>
            <Field id={`${id}-screenshots`} label="Screenshots URLs (comma-separated)">
              <textarea id={`${id}-screenshots`} rows={2} className="textarea textarea-bordered w-full" value={screenshots} onChange={(e) => setScreenshots(e.target.value)} />
            </Field>
            <div className="grid md:grid-cols-2 gap-4">
              <Field id={`${id}-pricing`} label="Pricing Model">
                <select id={`${id}-pricing`} className="select select-bordered w-full" value={pricingModel} onChange={(e) => setPricingModel(e.target.value)}>
                  <option value="">Not specified</option>
                  {PRICING_MODELS.map((p) => (
                    <option key={p} value={p}>
                      {pricingLabel(p)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${id}-audience`} label="Target Audience (comma-separated)">
                <input id={`${id}-audience`} className="input input-bordered w-full" placeholder="marketers, founders" value={targetAudience} onChange={(e) => setTargetAudience(e.target.value)} />
              </Field>
            </div>
          </fieldset>
        )}

        <FormActions error={error} pending={pending} onCancel={onClose} submitLabel="Save Changes" />
      </form>
    </Modal>
  );
}
