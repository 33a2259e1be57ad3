// The dashboard's badges for makers (docs/decisions/0109): for each listed tool the member submitted or owns as a
// verified owner, its badge's variants and themes previewed live, and the HTML and Markdown snippets with Copy.
// Nothing for a member without a listed tool.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  BADGE_STYLES,
  BADGE_THEMES,
  badgeContent,
  badgeHtml,
  badgeMarkdown,
  badgePath,
  canShow,
  DEFAULT_BADGE_STYLE,
  DEFAULT_BADGE_THEME,
  type BadgeStyle,
  type ListedBadgeSubject,
  type BadgeTheme,
} from '../../../lib/badge';
import { ENGAGE_MSG } from '../../../lib/engagement-messages';
import { $badgeTools, type BadgeToolRow } from '../../stores/badges';
import { showToast } from '../../stores/toast';

const subjectOf = (tool: BadgeToolRow): ListedBadgeSubject => ({
  listed: true,
  name: tool.name,
  score: tool.qualityScore,
  reviewedAt: tool.reviewedAt ? new Date(tool.reviewedAt) : null,
  verifiedOwner: tool.verifiedOwner,
});

/** A snippet in a read-only box with its Copy button. */
function Snippet({ id, label, text }: { id: string; label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showToast({ title: ENGAGE_MSG.badgeCopyFailed, variant: 'destructive' });
    }
  }
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <button type="button" className="btn btn-xs btn-outline" onClick={copy} data-testid={`${id}-copy`}>
          {copied ? ENGAGE_MSG.badgeCopied : 'Copy'}
          <span className="sr-only"> {label}</span>
        </button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={4}
        className="textarea textarea-bordered w-full mt-1 font-mono text-xs break-all"
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

/** A row of choices as toggle buttons (one pressed). */
function Choices<T extends string>({
  label,
  options,
  chosen,
  onChoose,
  render,
}: {
  label: string;
  options: readonly T[];
  chosen: T;
  onChoose: (option: T) => void;
  render: (option: T) => React.ReactNode;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="text-sm font-medium mb-1">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={`btn btn-sm h-auto min-h-8 max-w-full py-1 ${option === chosen ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={option === chosen}
          onClick={() => onChoose(option)}
        >
          {render(option)}
        </button>
      ))}
    </fieldset>
  );
}

export default function BadgeSnippets() {
  const { data } = useStore($badgeTools);
  const [toolId, setToolId] = useState<number | null>(null);
  const [style, setStyle] = useState<BadgeStyle>(DEFAULT_BADGE_STYLE);
  const [theme, setTheme] = useState<BadgeTheme>(DEFAULT_BADGE_THEME);
  if (!data || data.length === 0) return null;

  const tool = data.find((row) => row.toolId === toolId) ?? data[0];
  const styles = BADGE_STYLES.filter((style) => canShow(subjectOf(tool), style));
  const shown = styles.includes(style) ? style : DEFAULT_BADGE_STYLE;
  const subject = subjectOf(tool);
  const alt = (variant: BadgeStyle) => badgeContent(subject, variant).title;
  const snippet = { origin: window.location.origin, slug: tool.slug, style: shown, theme, alt: alt(shown) };
  const src = badgePath(tool.slug, shown, theme);

  return (
    <section className="card bg-base-100 border border-base-200 mt-8" aria-labelledby="badges-title">
      <div className="card-body gap-4">
        <h2 id="badges-title" className="card-title">
          {ENGAGE_MSG.badgesTitle}
        </h2>
        <p className="text-sm text-base-content/80">{ENGAGE_MSG.badgesIntro}</p>
        {data.length > 1 && (
          <label className="flex flex-col w-full max-w-md">
            <span className="text-sm font-medium mb-1">Tool</span>
            <select
              className="select select-bordered"
              value={tool.toolId}
              onChange={(event) => setToolId(Number(event.target.value))}
            >
              {data.map((row) => (
                <option key={row.toolId} value={row.toolId}>
                  {row.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Choices
          label="Badge"
          options={styles}
          chosen={shown}
          onChoose={setStyle}
          render={(variant) => (
            <span className="flex flex-col items-start gap-1 text-left max-w-full">
              <span>{ENGAGE_MSG.badgeStyleLabels[variant]}</span>
              <img src={badgePath(tool.slug, variant, theme)} alt="" height={20} className="max-w-full h-auto" />
            </span>
          )}
        />
        <Choices
          label="Colours"
          options={BADGE_THEMES}
          chosen={theme}
          onChoose={setTheme}
          render={(option) => ENGAGE_MSG.badgeThemeLabels[option]}
        />
        <div className="grid gap-2 sm:grid-cols-2" data-testid="badge-preview">
          <div className="rounded-box border border-base-300 bg-white p-4">
            <img src={src} alt={alt(shown)} height={20} className="max-w-full h-auto" />
          </div>
          <div className="rounded-box border border-base-300 bg-[#0d1117] p-4">
            <img src={src} alt={alt(shown)} height={20} className="max-w-full h-auto" />
          </div>
        </div>
        {theme === 'auto' && <p className="text-xs text-base-content/80">{ENGAGE_MSG.badgeAutoNote}</p>}
        <Snippet id="badge-html" label="HTML" text={badgeHtml(snippet)} />
        <Snippet id="badge-markdown" label="Markdown" text={badgeMarkdown(snippet)} />
      </div>
    </section>
  );
}
