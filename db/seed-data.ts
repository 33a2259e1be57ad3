// The demo content db/seed.ts writes: accounts, real AI tools with editorial reviews, blog posts, change requests.
import type { AccountStatus, CategoryId, PricingModel, Role } from '../lib/categories';
import { POST_STATUS, type PostStatus } from '../lib/post-status';
import type { PostCategory } from '../lib/post-categories';
import { CHANGE_REQUEST_STATUS, TOOL_STATUS, type ToolStatus } from '../lib/tool-status';
import type { RequestedChanges } from '../lib/contract';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_BANNED_EMAIL,
  DEMO_PREMIUM_EMAIL,
  DEMO_REVIEWER_EMAIL,
  DEMO_STAFF_EMAIL,
  DEMO_SUSPENDED_EMAIL,
  DEMO_USER_EMAIL,
} from './demo-accounts';

export type UserKey = 'admin' | 'user' | 'premium' | 'staff' | 'reviewer' | 'marcus' | 'elena' | 'tom' | 'rita';

interface SeedUser {
  key: UserKey;
  email: string;
  firstName: string;
  lastName: string;
  joinedDaysAgo: number;
  isAdmin?: boolean;
  role?: Role;
  isPremium?: boolean;
  premiumToolsAllowed?: number;
  premiumToolsUsed?: number;
  /** Premium paid up until this many days from now. */
  premiumForDays?: number;
  accountStatus?: AccountStatus;
  /** Suspended until this many days from now. */
  suspendedForDays?: number;
  suspensionReason?: string;
}

export const SEED_USERS: readonly SeedUser[] = [
  {
    key: 'admin',
    email: DEMO_ADMIN_EMAIL,
    firstName: 'Alex',
    lastName: 'Morgan',
    joinedDaysAgo: 720,
    isAdmin: true,
    role: 'admin',
  },
  { key: 'user', email: DEMO_USER_EMAIL, firstName: 'Jamie', lastName: 'Rivera', joinedDaysAgo: 210 },
  {
    key: 'premium',
    email: DEMO_PREMIUM_EMAIL,
    firstName: 'Priya',
    lastName: 'Shah',
    joinedDaysAgo: 400,
    isPremium: true,
    premiumToolsAllowed: 3,
    premiumToolsUsed: 1,
    premiumForDays: 240,
  },
  { key: 'staff', email: DEMO_STAFF_EMAIL, firstName: 'Samuel', lastName: 'Okafor', joinedDaysAgo: 690, role: 'staff' },
  {
    key: 'reviewer',
    email: DEMO_REVIEWER_EMAIL,
    firstName: 'Dana',
    lastName: 'Whitfield',
    joinedDaysAgo: 300,
    role: 'guest_reviewer',
  },
  { key: 'marcus', email: 'marcus.chen@demo.test', firstName: 'Marcus', lastName: 'Chen', joinedDaysAgo: 520 },
  { key: 'elena', email: 'elena.petrova@demo.test', firstName: 'Elena', lastName: 'Petrova', joinedDaysAgo: 610 },
  {
    key: 'tom',
    email: DEMO_SUSPENDED_EMAIL,
    firstName: 'Tom',
    lastName: 'Becker',
    joinedDaysAgo: 150,
    accountStatus: 'suspended',
    suspendedForDays: 14,
    suspensionReason: 'Repeated submissions with affiliate tracking links after a warning.',
  },
  {
    key: 'rita',
    email: DEMO_BANNED_EMAIL,
    firstName: 'Rita',
    lastName: 'Gomez',
    joinedDaysAgo: 480,
    accountStatus: 'banned',
    suspensionReason: 'Posted spam links in change requests and impersonated a tool vendor.',
  },
];

interface SeedReview {
  curatorTake: string;
  qualityScore: number;
  /** Initial review: days from submission to approval. Follow-up: days after approval. */
  daysAfter: number;
}

export interface SeedTool {
  name: string;
  url: string;
  description: string;
  tags: CategoryId[];
  pricingModel: PricingModel;
  targetAudience: string[];
  status: ToolStatus;
  submittedBy: UserKey;
  submittedDaysAgo: number;
  /** Background colour of its mark (db/seed-logos.ts) and generated screenshots. */
  color: string;
  review?: SeedReview;
  followUp?: SeedReview;
  /** A premium listing's screenshots and demo; `brandColor` and `cover` give it custom branding (a drawn banner). */
  premium?: { screens: string[]; videoId: string; brandColor?: string; cover?: boolean };
  rejectionReason?: string;
  unlistReason?: string;
  /** A discontinued tool (docs/decisions/0103): how long ago it ended, and why. */
  discontinued?: { daysAgo: number; reason: string };
}

export const SEED_TOOLS: readonly SeedTool[] = [
  {
    name: 'ChatGPT',
    url: 'https://chatgpt.com',
    description:
      "OpenAI's conversational assistant for writing, research, coding and analysis. It can search the web, work with uploaded files and images, run Python for data analysis, and be tailored with custom instructions and custom GPTs.",
    tags: ['content-creation', 'productivity', 'development'],
    pricingModel: 'freemium',
    targetAudience: ['writers', 'developers', 'students', 'knowledge-workers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'admin',
    submittedDaysAgo: 690,
    color: '#10a37f',
    review: {
      curatorTake:
        'Still the most versatile general-purpose assistant we test: few tools handle a messy spreadsheet, a cover letter and a regex in the same afternoon. Its answers are fluent enough that mistakes are easy to miss, so treat factual claims as a first draft. The free tier is generous, but heavy users will hit limits quickly.',
      qualityScore: 8,
      daysAfter: 2,
    },
    followUp: {
      curatorTake:
        'Re-tested after the latest model and search updates. Web answers now cite sources reliably and the data-analysis mode produces charts we would actually put in a report. Raised the score: it is the default recommendation for anyone starting out with AI.',
      qualityScore: 9,
      daysAfter: 600,
    },
    premium: {
      screens: ['Chat workspace', 'Data analysis with charts', 'Custom GPT builder'],
      videoId: 'outcGtbnMuQ',
      brandColor: '#10a37f',
      cover: true,
    },
  },
  {
    name: 'Claude',
    url: 'https://claude.ai',
    description:
      "Anthropic's AI assistant, known for careful long-form writing, strong coding ability and a large context window that copes with long documents. Projects keep reference files and instructions together, and Artifacts open documents, code and diagrams in a side-by-side workspace.",
    tags: ['content-creation', 'development', 'productivity'],
    pricingModel: 'freemium',
    targetAudience: ['writers', 'developers', 'researchers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'admin',
    submittedDaysAgo: 149,
    color: '#d97757',
    review: {
      curatorTake:
        'Our pick for long documents and writing that needs to sound like a person wrote it. It reads a 100-page contract or an entire codebase folder and keeps track of the details better than most rivals. It is more cautious than some competitors, which occasionally means an extra round of clarification.',
      qualityScore: 9,
      daysAfter: 3,
    },
  },
  {
    name: 'Midjourney',
    url: 'https://www.midjourney.com',
    description:
      'An image generation service that turns text prompts into detailed, highly stylised artwork. The web app offers variations, upscaling, region editing and style references, and the service has expanded into short video generation.',
    tags: ['design', 'content-creation'],
    pricingModel: 'paid',
    targetAudience: ['designers', 'illustrators', 'marketers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'elena',
    submittedDaysAgo: 146,
    color: '#1f2937',
    review: {
      curatorTake:
        'Nothing else we tested matches its sense of composition and lighting out of the box; even short prompts produce images with a recognisable art direction. Precise control, such as exact text in an image or a specific product shape, still takes many attempts. There is no free tier, so budget for at least the basic plan before evaluating it seriously.',
      qualityScore: 9,
      daysAfter: 2,
    },
    premium: { screens: ['Image grid from a prompt', 'Editor with variations'], videoId: 'q8fC3x1mWvE' },
  },
  {
    name: 'Notion AI',
    url: 'https://www.notion.com/product/ai',
    description:
      'AI built into the Notion workspace: it drafts and edits pages, summarises long documents, answers questions across your workspace and connected apps, and transcribes and summarises meetings. Most useful for teams that already keep their knowledge in Notion.',
    tags: ['productivity', 'content-creation'],
    pricingModel: 'free-trial',
    targetAudience: ['remote-teams', 'product-managers', 'founders'],
    status: TOOL_STATUS.approved,
    submittedBy: 'reviewer',
    submittedDaysAgo: 560,
    color: '#111111',
    review: {
      curatorTake:
        'Convenient rather than spectacular: the writing help is solid, and having it next to your documents saves constant copy and paste. Its real value is answering questions about your own workspace, which depends entirely on how tidy that workspace is.',
      qualityScore: 7,
      daysAfter: 4,
    },
    followUp: {
      curatorTake:
        'Meeting notes and the ability to search connected tools such as Slack and Google Drive make it far more useful for teams than at launch. Answers now link back to the source pages, which makes them easy to check. Score raised by a point.',
      qualityScore: 8,
      daysAfter: 500,
    },
  },
  {
    name: 'GitHub Copilot',
    url: 'https://github.com/features/copilot',
    description:
      'An AI pair programmer inside VS Code, JetBrains IDEs, Visual Studio and GitHub itself. It offers inline code completion, a chat that understands your repository, and an agent mode that can make multi-file changes and open pull requests.',
    tags: ['development'],
    pricingModel: 'freemium',
    targetAudience: ['developers', 'engineering-teams'],
    status: TOOL_STATUS.approved,
    submittedBy: 'staff',
    submittedDaysAgo: 139,
    color: '#24292f',
    review: {
      curatorTake:
        'The safest choice for teams already on GitHub: it works in nearly every editor, admins get sensible policy controls, and the completions are quick and usually right for everyday code. The newer agent features are promising but need close review on anything beyond small, well-specified changes.',
      qualityScore: 8,
      daysAfter: 1,
    },
    premium: {
      screens: ['Inline suggestions in VS Code', 'Copilot Chat', 'Agent mode pull request'],
      videoId: 'hPVCHH3hMKc',
    },
  },
  {
    name: 'Jasper',
    url: 'https://www.jasper.ai',
    description:
      'A marketing-focused AI content platform that generates campaign copy, blog posts and social content in a consistent brand voice. Teams store style guides, product knowledge and audience profiles so output stays on-brand across writers.',
    tags: ['marketing', 'content-creation'],
    pricingModel: 'free-trial',
    targetAudience: ['marketers', 'content-creators', 'agencies'],
    status: TOOL_STATUS.approved,
    submittedBy: 'rita',
    submittedDaysAgo: 530,
    color: '#8b5cf6',
    review: {
      curatorTake:
        'Built for marketing teams rather than individuals, and it shows: brand voice, shared knowledge and campaign workflows are better organised here than in general chat assistants. The raw writing quality is no longer ahead of the big models it sits on, so the case for it rests on the team features.',
      qualityScore: 8,
      daysAfter: 3,
    },
    followUp: {
      curatorTake:
        'Re-reviewed against current general-purpose assistants. The brand and campaign tooling remains useful, but pricing is high for small teams and the gap in output quality has closed. Lowered to 7; still a good fit for larger marketing departments.',
      qualityScore: 7,
      daysAfter: 420,
    },
  },
  {
    name: 'Runway',
    url: 'https://runwayml.com',
    description:
      'A creative suite for AI video: generate clips from text or images with its Gen series models, extend and restyle footage, remove backgrounds and track motion. Aimed at filmmakers, editors and agencies producing short-form video.',
    tags: ['design', 'content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['video-editors', 'filmmakers', 'agencies'],
    status: TOOL_STATUS.approved,
    submittedBy: 'elena',
    submittedDaysAgo: 133,
    color: '#0f172a',
    review: {
      curatorTake:
        'The most complete toolkit for working video professionals: generation is only one part, and the editing tools such as background removal and motion tracking earn their keep on ordinary projects. Generated clips are short and still need several takes to get a usable shot. Credits run out fast on the cheaper plans.',
      qualityScore: 8,
      daysAfter: 2,
    },
    premium: { screens: ['Text-to-video generation', 'Timeline editor'], videoId: 'trXPfpV5iRQ' },
  },
  {
    name: 'Perplexity',
    url: 'https://www.perplexity.ai',
    description:
      'An AI answer engine that searches the web and replies with a concise summary and numbered citations to its sources. Follow-up questions keep the context, and Pro features add deeper research reports and a choice of underlying models.',
    tags: ['productivity', 'data-analysis'],
    pricingModel: 'freemium',
    targetAudience: ['researchers', 'students', 'analysts'],
    status: TOOL_STATUS.approved,
    submittedBy: 'admin',
    submittedDaysAgo: 500,
    color: '#1f6f78',
    review: {
      curatorTake:
        'The quickest way we know to get a sourced answer to a factual question. Citations make it easy to check claims, although it sometimes leans on low-quality pages when better sources exist. Great for a first pass at research; not a substitute for reading the sources.',
      qualityScore: 8,
      daysAfter: 1,
    },
    followUp: {
      curatorTake:
        'The deep research mode now produces well-structured multi-page reports with far better source selection than at our first review. Still occasionally overconfident on niche topics, but it has become a daily tool for our editors. Raised to 9.',
      qualityScore: 9,
      daysAfter: 400,
    },
  },
  {
    name: 'Otter.ai',
    url: 'https://otter.ai',
    description:
      'Real-time transcription and meeting notes for Zoom, Google Meet and Microsoft Teams. Otter joins calls, records and transcribes them with speaker labels, then produces summaries and action items you can search and share.',
    tags: ['productivity'],
    pricingModel: 'freemium',
    targetAudience: ['remote-teams', 'sales-teams', 'students'],
    status: TOOL_STATUS.approved,
    submittedBy: 'marcus',
    submittedDaysAgo: 126,
    color: '#2563eb',
    review: {
      curatorTake:
        'Reliable live transcription with good speaker separation, and the summaries capture decisions and action items better than we expected. The bot that joins meetings automatically needs clear configuration so it does not surprise external guests. The free plan is enough to decide whether it fits.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  {
    name: 'Descript',
    url: 'https://www.descript.com',
    description:
      'An audio and video editor where you edit the recording by editing its transcript. It includes filler-word removal, Studio Sound audio clean-up, screen recording, AI voice overdubs and an assistant that clips highlights for social media.',
    tags: ['content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['podcasters', 'video-editors', 'educators'],
    status: TOOL_STATUS.approved,
    submittedBy: 'elena',
    submittedDaysAgo: 120,
    color: '#4f46e5',
    review: {
      curatorTake:
        'Editing a podcast by deleting words in a document still feels like magic, and it saves hours on interview-style content. Studio Sound rescues mediocre microphone recordings remarkably well. Precise, frame-accurate video work remains easier in a traditional editor.',
      qualityScore: 9,
      daysAfter: 3,
    },
  },
  {
    name: 'Grammarly',
    url: 'https://www.grammarly.com',
    description:
      'A writing assistant that checks grammar, clarity and tone in the browser, desktop apps and most text fields. Its generative features rewrite, shorten or draft text and can follow a personal or company style guide.',
    tags: ['content-creation', 'productivity'],
    pricingModel: 'freemium',
    targetAudience: ['writers', 'students', 'knowledge-workers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'staff',
    submittedDaysAgo: 112,
    color: '#15c39a',
    review: {
      curatorTake:
        'The best proofreading layer for people who write all day in many different apps, because it is simply there wherever you type. Tone suggestions can flatten a distinctive voice, so accept them selectively. The generative features are competent but not the reason to install it.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  {
    name: 'Canva Magic Studio',
    url: 'https://www.canva.com/magic/',
    description:
      "Canva's suite of AI features: Magic Design generates layouts from a prompt, Magic Write drafts copy, and Magic Edit, Magic Eraser and Background Remover handle photo edits. It works across presentations, social posts, documents and videos.",
    tags: ['design', 'marketing'],
    pricingModel: 'freemium',
    targetAudience: ['marketers', 'small-businesses', 'educators'],
    status: TOOL_STATUS.approved,
    submittedBy: 'staff',
    submittedDaysAgo: 104,
    color: '#7d2ae8',
    review: {
      curatorTake:
        'For non-designers this is the most practical AI design tool available: the features sit inside an editor millions already know, and Background Remover alone justifies the upgrade for many small businesses. Generated layouts can look generic, so start from them rather than shipping them. Designers will find it limiting compared with professional tools.',
      qualityScore: 8,
      daysAfter: 1,
    },
  },
  {
    name: 'Tableau Pulse',
    url: 'https://www.tableau.com/products/tableau-pulse',
    description:
      'An AI-powered insights layer for Tableau Cloud that monitors the metrics you follow and explains changes in plain language. It delivers personalised metric digests by e-mail or Slack and lets users ask follow-up questions about drivers and trends.',
    tags: ['data-analysis'],
    pricingModel: 'contact-for-price',
    targetAudience: ['analysts', 'executives', 'data-teams'],
    status: TOOL_STATUS.approved,
    submittedBy: 'admin',
    submittedDaysAgo: 370,
    color: '#e97627',
    review: {
      curatorTake:
        'A sensible way to bring metrics to people who never open a dashboard: the digests are short, readable and arrive where people already work. It depends on well-defined metrics in Tableau Cloud, so the setup work falls on the data team. Only worth evaluating if your organisation already runs on Tableau.',
      qualityScore: 7,
      daysAfter: 4,
    },
  },
  {
    name: 'Julius AI',
    url: 'https://julius.ai',
    description:
      'An AI data analyst: upload spreadsheets or CSV files or connect a database, ask questions in plain English, and Julius writes and runs the analysis code, producing charts, statistical tests and summaries you can export.',
    tags: ['data-analysis'],
    pricingModel: 'freemium',
    targetAudience: ['analysts', 'students', 'researchers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'premium',
    submittedDaysAgo: 98,
    color: '#0ea5e9',
    review: {
      curatorTake:
        'The friendliest route from a spreadsheet to a chart for people who do not write code, and it shows the Python it ran so analysts can check the work. It handled our messy sample sales data well, though it needed nudging on date formats. Always sanity-check the statistics before they reach a slide.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  {
    name: 'Cursor',
    url: 'https://cursor.com',
    description:
      'An AI-first code editor built on VS Code. It combines fast multi-line autocomplete with a chat and agent that read your whole codebase, edit multiple files, run terminal commands and propose diffs for review.',
    tags: ['development'],
    pricingModel: 'freemium',
    targetAudience: ['developers', 'startups'],
    status: TOOL_STATUS.approved,
    submittedBy: 'marcus',
    submittedDaysAgo: 90,
    color: '#18181b',
    review: {
      curatorTake:
        'The editor our developers kept using after the review period ended. Its autocomplete predicts the next edit, not just the next line, and the agent handles routine refactors across files with reviewable diffs. Usage-based pricing on the premium models needs watching on busy teams.',
      qualityScore: 9,
      daysAfter: 1,
    },
    premium: {
      screens: ['Agent editing multiple files', 'Inline diff review', 'Tab autocomplete'],
      videoId: 'LCYBVpSB0Wo',
    },
  },
  {
    name: 'Zapier AI',
    url: 'https://zapier.com/ai',
    description:
      "Zapier's AI features for workflow automation: describe a workflow in plain language to build a Zap, add AI steps that summarise, classify or extract data, and deploy Zapier Agents that act across thousands of connected apps.",
    tags: ['productivity', 'marketing'],
    pricingModel: 'freemium',
    targetAudience: ['operations-teams', 'small-businesses', 'marketers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'tom',
    submittedDaysAgo: 28,
    color: '#ff4f00',
    review: {
      curatorTake:
        'Describing an automation in a sentence and getting a working Zap is a real time-saver for people who found the builder intimidating. AI steps for classifying and summarising incoming data are the most useful addition. Agents are still early; keep them on low-stakes tasks until you trust them.',
      qualityScore: 7,
      daysAfter: 2,
    },
  },
  {
    name: 'Synthesia',
    url: 'https://www.synthesia.io',
    description:
      'An AI video platform that produces presenter-led videos from a script, using realistic AI avatars and voices in more than 140 languages. Commonly used for training, onboarding and product explainers without cameras or studios.',
    tags: ['content-creation', 'marketing'],
    pricingModel: 'freemium',
    targetAudience: ['educators', 'hr-teams', 'marketers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'staff',
    submittedDaysAgo: 85,
    color: '#3b3bf5',
    review: {
      curatorTake:
        'For internal training and onboarding it is hard to beat: updating a video means editing a script, not booking a studio, and translation is a few clicks. Avatars are convincing for short segments but feel stiff in longer pieces. Not the right tool for brand storytelling.',
      qualityScore: 7,
      daysAfter: 3,
    },
  },
  {
    name: 'ElevenLabs',
    url: 'https://elevenlabs.io',
    description:
      "Realistic AI speech synthesis and voice cloning, with text-to-speech in dozens of languages, dubbing that preserves the original speaker's voice, sound-effect generation and a studio for long-form audiobooks and podcasts.",
    tags: ['content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['podcasters', 'content-creators', 'game-developers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'premium',
    submittedDaysAgo: 77,
    color: '#000000',
    review: {
      curatorTake:
        'The most natural-sounding synthetic voices we have tested, with pacing and emphasis that hold up over long narration. Voice cloning is impressive and comes with verification steps that we think every vendor should copy. Character-based pricing adds up quickly for audiobook-length projects.',
      qualityScore: 9,
      daysAfter: 2,
    },
    premium: { screens: ['Text to speech studio', 'Voice library', 'Dubbing project'], videoId: 'sdpaxZnB5lA' },
  },
  {
    name: 'Fireflies.ai',
    url: 'https://fireflies.ai',
    description:
      'A meeting assistant that records, transcribes and summarises calls on Zoom, Google Meet, Microsoft Teams and other platforms. Conversation search, topic trackers and CRM integrations make it popular with sales and customer teams.',
    tags: ['productivity'],
    pricingModel: 'freemium',
    targetAudience: ['sales-teams', 'customer-success', 'recruiters'],
    status: TOOL_STATUS.approved,
    submittedBy: 'reviewer',
    submittedDaysAgo: 70,
    color: '#e11d74',
    review: {
      curatorTake:
        'Stronger than its rivals once meetings need to flow into other systems: CRM updates and topic trackers turn calls into data a sales team can use. Summaries are good but slightly less polished than the best in class. Check the retention and recording settings before rolling it out company-wide.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  {
    name: 'Gamma',
    url: 'https://gamma.app',
    description:
      'Create presentations, documents and simple websites from a prompt or an outline. Gamma generates a designed first draft with layouts and images, then lets you restyle, rewrite and rearrange cards with AI as you edit.',
    tags: ['design', 'productivity', 'content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['founders', 'consultants', 'educators'],
    status: TOOL_STATUS.approved,
    submittedBy: 'user',
    submittedDaysAgo: 49,
    color: '#6d28d9',
    review: {
      curatorTake:
        'The fastest route from a rough outline to a deck that looks intentional. The card-based format works well on screens but exports to PowerPoint lose some polish. Expect to rewrite most generated text; the layouts are the real win.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  {
    name: 'NotebookLM',
    url: 'https://notebooklm.google.com',
    description:
      "Google's AI research notebook grounded in the sources you add: PDFs, Google Docs, web pages, YouTube videos and audio. It answers questions with citations back to those sources and turns them into study guides, briefing documents and audio overviews.",
    tags: ['productivity', 'data-analysis'],
    pricingModel: 'free',
    targetAudience: ['students', 'researchers', 'educators'],
    status: TOOL_STATUS.approved,
    submittedBy: 'admin',
    submittedDaysAgo: 41,
    color: '#4285f4',
    review: {
      curatorTake:
        'Because it only answers from the material you give it, NotebookLM is the assistant we trust most for studying a pile of documents. Every answer links to the passage it came from, which makes checking quick. The audio overviews are a genuinely new way to absorb reading lists on a commute.',
      qualityScore: 9,
      daysAfter: 1,
    },
  },
  {
    name: 'Akkio',
    url: 'https://www.akkio.com',
    description:
      'A no-code predictive analytics platform aimed at agencies and marketing teams. Connect data from spreadsheets, CRMs or ad platforms, build forecasting and classification models, clean data with chat, and publish live reports for clients.',
    tags: ['data-analysis', 'marketing'],
    pricingModel: 'free-trial',
    targetAudience: ['agencies', 'marketers', 'analysts'],
    status: TOOL_STATUS.approved,
    submittedBy: 'elena',
    submittedDaysAgo: 65,
    color: '#7c3aed',
    review: {
      curatorTake:
        'Makes lead scoring and spend forecasting accessible to marketing teams without a data scientist. The chat-based data preparation is the standout feature. Model explanations are thin, so be careful presenting predictions as certainties to clients.',
      qualityScore: 6,
      daysAfter: 4,
    },
  },
  {
    name: 'Surfer SEO',
    url: 'https://surferseo.com',
    description:
      'A content optimisation tool that analyses top-ranking pages for a keyword and scores your draft against them, suggesting terms, headings, length and structure. It includes an AI writer, content audits and topical maps.',
    tags: ['marketing', 'content-creation'],
    pricingModel: 'paid',
    targetAudience: ['seo-specialists', 'content-creators', 'agencies'],
    status: TOOL_STATUS.approved,
    submittedBy: 'elena',
    submittedDaysAgo: 57,
    color: '#ff5a1f',
    review: {
      curatorTake:
        'Useful guard-rails for content teams that publish at volume: the content score makes briefs and reviews more objective. Chasing a perfect score produces bland, keyword-stuffed prose, so treat it as a checklist rather than a target. The audit feature is the best value for existing sites.',
      qualityScore: 7,
      daysAfter: 3,
    },
  },
  {
    name: 'Copy.ai',
    url: 'https://www.copy.ai',
    description:
      'A go-to-market AI platform that began as a copywriting tool. It generates marketing and sales copy and now centres on workflows that automate tasks such as prospect research, account briefs and content repurposing at scale.',
    tags: ['marketing', 'content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['sales-teams', 'marketers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'rita',
    submittedDaysAgo: 500,
    color: '#0b1a33',
    review: {
      curatorTake:
        'The workflow builder is the interesting part now: chaining research, drafting and formatting steps saves sales teams real time on repetitive prospecting. Single-shot copy is fine but no longer distinctive. Best for revenue teams willing to invest in building workflows.',
      qualityScore: 6,
      daysAfter: 2,
    },
  },
  {
    name: 'Tabnine',
    url: 'https://www.tabnine.com',
    description:
      "An AI coding assistant focused on privacy and enterprise control. It provides code completion and chat in the major IDEs and can run in a private VPC or fully on-premises, with models personalised to a company's codebase.",
    tags: ['development'],
    pricingModel: 'free-trial',
    targetAudience: ['engineering-teams', 'enterprises'],
    status: TOOL_STATUS.approved,
    submittedBy: 'staff',
    submittedDaysAgo: 560,
    color: '#6b21a8',
    review: {
      curatorTake:
        'The answer for organisations whose security team says no to cloud-hosted coding assistants: self-hosting and strict data controls are first-class here. Suggestion quality was close to the market leaders at our review. Setup and pricing make it a team purchase, not an individual one.',
      qualityScore: 8,
      daysAfter: 3,
    },
    followUp: {
      curatorTake:
        'Re-tested a year on. The privacy story remains the strongest in the category, but completion quality and agent features now trail Copilot and Cursor noticeably. Lowered to 7: choose it for its deployment options, not its suggestions.',
      qualityScore: 7,
      daysAfter: 500,
    },
  },
  {
    name: 'Replit',
    url: 'https://replit.com',
    description:
      'A browser-based development environment with an AI Agent that builds and deploys full-stack applications from a natural-language description. It handles setup, databases and hosting, so prototypes go from idea to live URL quickly.',
    tags: ['development', 'productivity'],
    pricingModel: 'freemium',
    targetAudience: ['founders', 'students', 'developers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'marcus',
    submittedDaysAgo: 34,
    color: '#f26207',
    review: {
      curatorTake:
        'The shortest path from an idea to a working, hosted prototype that we have seen, especially for people who have never configured a server. The Agent makes confident architectural choices that are hard to undo later, so review its plan before it starts building. Costs can climb on long agent sessions.',
      qualityScore: 8,
      daysAfter: 1,
    },
  },
  {
    name: 'Motion',
    url: 'https://www.usemotion.com',
    description:
      'An AI calendar and project manager that automatically schedules your tasks around meetings, deadlines and priorities, and re-plans the day when things change. Teams use it to balance workloads and see realistic delivery dates.',
    tags: ['productivity'],
    pricingModel: 'free-trial',
    targetAudience: ['founders', 'freelancers', 'project-managers'],
    status: TOOL_STATUS.approved,
    submittedBy: 'marcus',
    submittedDaysAgo: 21,
    color: '#2f6bff',
    review: {
      curatorTake:
        'Auto-scheduling is addictive once you trust it: the calendar reorganises itself when a meeting runs over, which ends the morning ritual of re-planning. It only works if you log every task with an honest estimate. Pricier than plain task managers, and there is no free plan after the trial.',
      qualityScore: 7,
      daysAfter: 2,
    },
  },
  {
    name: 'Krisp',
    url: 'https://krisp.ai',
    description:
      'AI noise cancellation for calls that removes background noise, echo and other voices on both sides of the conversation in any calling app. It also offers meeting transcription, notes and accent conversion for call centres.',
    tags: ['productivity'],
    pricingModel: 'freemium',
    targetAudience: ['remote-teams', 'call-centres', 'podcasters'],
    status: TOOL_STATUS.approved,
    submittedBy: 'reviewer',
    submittedDaysAgo: 14,
    color: '#ff5c35',
    review: {
      curatorTake:
        'Noise cancellation that works with every calling app we tried, and it removed a barking dog and a coffee grinder without mangling the voice. The meeting notes are a reasonable bonus but not a reason to choose it over dedicated note takers. A small, cheap upgrade that colleagues will notice.',
      qualityScore: 8,
      daysAfter: 2,
    },
  },
  // Unlisted: approved once, hidden from the public with a reason.
  {
    name: 'Obviously AI',
    url: 'https://www.obviously.ai',
    description:
      'A no-code machine learning platform that builds prediction models from tabular data in minutes, explains the main drivers behind each prediction and lets you deploy models as APIs or embed them in dashboards.',
    tags: ['data-analysis'],
    pricingModel: 'contact-for-price',
    targetAudience: ['analysts', 'operations-teams'],
    status: TOOL_STATUS.unlisted,
    submittedBy: 'elena',
    submittedDaysAgo: 660,
    color: '#0d9488',
    review: {
      curatorTake:
        'One of the easiest ways for an analyst to train a first predictive model: upload a table, pick a column to predict, and read a plain-language explanation of the result. Accuracy on our churn dataset was respectable. Advanced users will miss control over the model itself.',
      qualityScore: 6,
      daysAfter: 5,
    },
    unlistReason:
      'Self-serve plans were withdrawn in favour of sales-led pricing; hidden while we re-test the product and update the listing.',
  },
  {
    name: 'Mem',
    url: 'https://get.mem.ai',
    description:
      "An AI note-taking app that organises notes automatically, surfaces related notes while you write and lets you chat with everything you've saved.",
    tags: ['productivity'],
    pricingModel: 'freemium',
    targetAudience: ['knowledge-workers', 'founders'],
    status: TOOL_STATUS.unlisted,
    submittedBy: 'marcus',
    submittedDaysAgo: 620,
    color: '#e05d44',
    review: {
      curatorTake:
        'An appealing idea: capture everything and let the AI do the filing. Related-note suggestions surfaced useful connections in our test notebook, but search and sync were occasionally slow. Worth trying for people who never maintain folders.',
      qualityScore: 6,
      daysAfter: 3,
    },
    unlistReason: 'Mem relaunched with a rebuilt app; the listing is hidden until we have re-reviewed the new version.',
  },
  // Discontinued: its page stays, it left the directory (docs/decisions/0103).
  {
    name: 'Neeva',
    url: 'https://neeva.com',
    description:
      'An ad-free search engine that answered questions with AI-written summaries citing their sources, alongside classic web results and a private, subscription-funded model.',
    tags: ['productivity', 'data-analysis'],
    pricingModel: 'freemium',
    targetAudience: ['researchers', 'knowledge-workers'],
    status: TOOL_STATUS.discontinued,
    submittedBy: 'marcus',
    submittedDaysAgo: 700,
    color: '#1e3a8a',
    review: {
      curatorTake:
        'The cited answer summaries were a step ahead of most search engines when we tested it, and the absence of ads made results easy to scan. Coverage outside English was thin, and the subscription was a hard sell against free search.',
      qualityScore: 7,
      daysAfter: 4,
    },
    discontinued: {
      daysAgo: 45,
      reason: 'The consumer search engine was shut down and its address no longer offers the product.',
    },
  },
  // Waiting for an editor.
  {
    name: 'Elicit',
    url: 'https://elicit.com',
    description:
      'An AI research assistant for academic literature. It finds relevant papers for a research question, summarises their findings and extracts details such as sample sizes, methods and outcomes into a table, speeding up literature reviews.',
    tags: ['data-analysis', 'productivity'],
    pricingModel: 'freemium',
    targetAudience: ['researchers', 'students'],
    status: TOOL_STATUS.pending,
    submittedBy: 'user',
    submittedDaysAgo: 2,
    color: '#d97706',
  },
  {
    name: 'Adobe Firefly',
    url: 'https://www.adobe.com/products/firefly.html',
    description:
      "Adobe's family of generative AI models and app for images, vector graphics, video and audio, trained on licensed and public-domain content. Generative Fill and Generative Expand are built into Photoshop, and outputs are designed to be safe for commercial use.",
    tags: ['design', 'content-creation'],
    pricingModel: 'freemium',
    targetAudience: ['designers', 'photographers', 'marketers'],
    status: TOOL_STATUS.pending,
    submittedBy: 'elena',
    submittedDaysAgo: 1,
    color: '#eb1000',
  },
  {
    name: 'Hotjar AI',
    url: 'https://www.hotjar.com',
    description:
      "AI features in Hotjar's behaviour analytics suite: it drafts surveys from a stated research goal, summarises open-ended responses into themes, and helps teams find patterns in heatmaps and session recordings.",
    tags: ['data-analysis', 'marketing', 'design'],
    pricingModel: 'freemium',
    targetAudience: ['product-managers', 'ux-researchers', 'marketers'],
    status: TOOL_STATUS.pending,
    submittedBy: 'premium',
    submittedDaysAgo: 3,
    color: '#fd3a5c',
  },
  {
    name: 'Reclaim.ai',
    url: 'https://reclaim.ai',
    description:
      'A smart calendar assistant for Google and Outlook calendars that defends time for habits, tasks and focus work, schedules one-to-ones at the best available time, and keeps personal and work calendars in sync.',
    tags: ['productivity'],
    pricingModel: 'freemium',
    targetAudience: ['managers', 'remote-teams'],
    status: TOOL_STATUS.pending,
    submittedBy: 'marcus',
    submittedDaysAgo: 1,
    color: '#4c5fd5',
  },
  // Rejected, with the editor's reason.
  {
    name: 'Beautiful.ai',
    url: 'https://www.beautiful.ai',
    description:
      'The best presentation software in the world! Beautiful.ai designs your slides for you so you will never waste another minute on formatting. Revolutionary AI, stunning templates and the smartest way to present. Try it today!',
    tags: ['design', 'productivity'],
    pricingModel: 'free-trial',
    targetAudience: ['sales-teams', 'consultants'],
    status: TOOL_STATUS.rejected,
    submittedBy: 'user',
    submittedDaysAgo: 40,
    color: '#ff3366',
    rejectionReason:
      'Thanks for the submission. The description reads as advertising copy rather than an explanation of what the tool does. Please resubmit with a neutral description of its main features and who it is for.',
  },
  {
    name: 'Uizard',
    url: 'https://uizard.io/?ref=tbecker',
    description:
      'AI-powered UI design tool that turns text prompts, hand-drawn sketches and screenshots into editable wireframes and mockups for apps and websites.',
    tags: ['design'],
    pricingModel: 'freemium',
    targetAudience: ['designers', 'product-managers', 'founders'],
    status: TOOL_STATUS.rejected,
    submittedBy: 'tom',
    submittedDaysAgo: 20,
    color: '#9146ff',
    rejectionReason:
      'The website URL carries an affiliate tracking parameter. We only list tools under their official homepage, without referral codes; please resubmit with the plain product address.',
  },
];

/** Change requests: a pending one from the demo user, and one an editor already applied. */
interface SeedChangeRequest {
  tool: string;
  submittedBy: UserKey;
  /** Only the fields the owner changed. */
  requestData: RequestedChanges;
  status: typeof CHANGE_REQUEST_STATUS.pending | typeof CHANGE_REQUEST_STATUS.approved;
  submittedDaysAgo: number;
  /** For a decided request: days after it was submitted. */
  reviewedDaysAfter?: number;
}

const OTTER_NEW_DESCRIPTION =
  'Real-time transcription and meeting notes for Zoom, Google Meet and Microsoft Teams. Otter joins calls, records and transcribes them with speaker labels, then produces summaries, action items and answers to questions about past meetings through Otter Chat.';

export const SEED_CHANGE_REQUESTS: readonly SeedChangeRequest[] = [
  {
    tool: 'Gamma',
    submittedBy: 'user',
    requestData: {
      description:
        'Create presentations, documents, social posts and simple websites from a prompt, an outline or an imported file. Gamma generates a designed first draft with layouts and images, then lets you restyle, rewrite and rearrange cards with AI, and export to PowerPoint, Google Slides or PDF.',
    },
    status: CHANGE_REQUEST_STATUS.pending,
    submittedDaysAgo: 3,
  },
  {
    tool: 'Otter.ai',
    submittedBy: 'marcus',
    requestData: { description: OTTER_NEW_DESCRIPTION },
    status: CHANGE_REQUEST_STATUS.approved,
    submittedDaysAgo: 60,
    reviewedDaysAfter: 2,
  },
];

interface SeedPost {
  title: string;
  excerpt: string;
  category: PostCategory;
  tags: string[];
  status: PostStatus;
  /** Published posts: how long ago they went out. */
  publishedDaysAgo?: number;
  createdDaysAgo: number;
  /** 'computed' stores computeReadTime(content); null leaves it empty so the default shows. */
  readTime: 'computed' | null;
  /** Background colour of the generated featured image. */
  color: string;
  /** Left without a featured image, so the demo blog shows the designed cover (site/components/PostCover.astro). */
  noImage?: true;
  content: string;
}

const HOW_WE_REVIEW = `
<p>Every tool in this directory has been opened, used and judged by a person before it appears in search results. That is slower than accepting every submission automatically, and it is the whole point: a directory of AI tools is only useful if you can trust that the listings are real, working products that do what they claim. This post explains what happens between the moment someone presses <strong>Submit Tool for Review</strong> and the moment a listing goes live.</p>

<h2>Step one: the submission check</h2>
<p>Before anyone signs up for a trial, an editor checks the basics. Most rejections happen here, and almost all of them are easy to fix.</p>
<ul>
<li><strong>Is the address the product's official homepage?</strong> We do not list affiliate links, referral codes, reseller pages or campaign landing pages. The link on a listing should still work in two years.</li>
<li><strong>Is it actually an AI tool?</strong> The product has to use machine learning in a way that matters to the person using it. A calendar app with an "AI" badge on the pricing page does not qualify; a calendar that schedules your week around your priorities does.</li>
<li><strong>Is the description accurate and neutral?</strong> We want two or three sentences that explain what the tool does and who it is for. Superlatives, exclamation marks and "revolutionary" tend to come back with a polite request to rewrite.</li>
<li><strong>Is it a duplicate?</strong> If the product is already listed or already waiting for review, we merge the information rather than creating a second entry.</li>
</ul>
<p>We aim to send a decision by e-mail within 48 hours of submission. If we reject a tool, the e-mail says why, and you are welcome to submit it again once the problem is fixed.</p>

<h2>Step two: hands-on testing</h2>
<p>Every tool that passes the first check is used for real work. We do not rely on demo videos or vendor briefings. Instead, each category has a small set of test tasks that stay the same from tool to tool, so that scores are comparable:</p>
<ul>
<li>Writing tools draft, edit and shorten the same three documents: a product announcement, a difficult customer e-mail and a technical how-to.</li>
<li>Data tools receive the same messy sales spreadsheet, with inconsistent dates and a few deliberate errors, and are asked the same five questions.</li>
<li>Coding assistants work in the same small web application: fixing a bug, adding a feature and writing tests.</li>
<li>Design and video tools produce the same brief: a launch graphic, a social clip and a short explainer.</li>
</ul>
<p>We also look at what happens around the output. How long does onboarding take? Can you export your work? What does the privacy policy say about training on customer data? Does the free tier let you make a fair judgement, or does every useful feature sit behind a paywall?</p>

<h2>Step three: the curator's take and the quality score</h2>
<p>The editor who tested the tool writes a short <em>curator's take</em>: two to four sentences of honest opinion, including at least one limitation. A review that only lists strengths is not a review, and vendors tell us the criticism is often the most useful part.</p>
<p>The tool also receives a quality score from 1 to 10. Roughly, the scale means:</p>
<ul>
<li><strong>9-10:</strong> best in its category; we would recommend it without hesitation to most people in its audience.</li>
<li><strong>7-8:</strong> very good, with clear strengths and some trade-offs worth knowing.</li>
<li><strong>5-6:</strong> does the job, but a better option exists for most people, or it fits a narrow use case.</li>
<li><strong>Below 5:</strong> we rarely list tools in this range; when we do, it is because nothing else fills the niche.</li>
</ul>
<p>A second editor reads every take and score before approval. Disagreements are common and healthy; they usually end with a more precise review.</p>

<h2>Follow-up reviews</h2>
<p>AI tools change faster than almost any other software. A product that was mediocre in spring can be excellent by autumn, and the reverse happens too. Editors therefore add <strong>follow-up reviews</strong> when a tool ships a major update, changes its pricing or when readers tell us something has changed. The latest review sets the score you see on the listing, and the full history stays available to our editors so we can see how a product has developed.</p>
<p>If a product changes so much that the listing no longer describes it, for example after a relaunch or a move to sales-only pricing, we <strong>unlist</strong> it temporarily. The listing disappears from the public directory until we have re-tested it, but nothing is deleted.</p>

<h2>What premium listings do and do not buy</h2>
<p>Premium members can add screenshots and a demo video to their listings, and those listings get priority placement in the directory. Premium does <em>not</em> buy a review, a better score or a kinder curator's take. Premium submissions go through exactly the same review as everyone else's, and editors do not see whether the submitter is a paying member when they write their take.</p>

<h2>Tell us when we get it wrong</h2>
<p>We test carefully, but we are not infallible, and tools change after we review them. If you think a score is out of date, a description is wrong or a product has quietly changed its pricing, please <a href="/contact">get in touch</a>. Vendors are welcome to request changes to their own listings from the dashboard; an editor checks each change request before it goes live.</p>
<p>Quality over quantity is a promise that is easy to make and hard to keep. This process is how we try to keep it.</p>
`;

const BEST_WRITING_ASSISTANTS = `
<p>There are now more AI writing tools than anyone could reasonably test, and most of them are thin layers over the same handful of language models. For this guide we went back to the tools our editors actually use, re-ran our standard writing tests, and asked a simple question for each: who should pay for this, and who is better served by something else?</p>

<h2>How we chose</h2>
<p>Every assistant drafted, edited and shortened the same three documents: a product announcement, a reply to an unhappy customer and a technical how-to article. We judged accuracy, tone, how much editing the output needed and how well each tool followed instructions about length and style. We also looked at price, privacy terms and where the tool fits into a working day. You can read more about our method in <a href="/blog/how-we-review-ai-tools">How we review AI tools</a>.</p>

<h2>Best all-rounder: ChatGPT</h2>
<p>ChatGPT remains the assistant most people should try first. It produced solid drafts for all three tasks, handled follow-up edits gracefully and can research a topic on the web before writing about it. Its weakness is a recognisable house style: left alone, it reaches for the same tidy structures and upbeat conclusions. Give it an example of your own writing and explicit instructions about tone, and the output improves markedly.</p>

<h2>Best for long documents and natural prose: Claude</h2>
<p>Claude wrote the most natural-sounding prose in our tests, particularly the difficult customer reply, where it struck a tone that was apologetic without grovelling. It is also the strongest choice for editing long documents: paste in a forty-page report and it will keep track of the argument, the terminology and the details. Projects let you keep a style guide and reference material alongside your conversations, which is useful for anyone writing regularly about the same subject.</p>

<h2>Best proofreader: Grammarly</h2>
<p>Grammarly is not trying to write your documents for you, and that is its strength. It sits in your browser, e-mail client and word processor and catches errors where you already write. Its generative features are competent, but the reason to install it is the steady, low-friction feedback on clarity and correctness. Accept the tone suggestions selectively: applied wholesale, they sand off a distinctive voice.</p>

<h2>Best for marketing teams: Jasper</h2>
<p>Jasper's advantage is organisational rather than linguistic. A marketing team can store its brand voice, product facts and audience profiles once and have every writer draw on them, which keeps campaigns consistent across many contributors. For a solo writer, a general assistant is better value. For a team of ten producing campaign assets every week, the shared knowledge and workflows justify the price.</p>

<h2>Best for sales workflows: Copy.ai</h2>
<p>Copy.ai has moved from one-off copy generation towards repeatable workflows: research a prospect, draft an account brief, turn a webinar into social posts. If your writing problem is volume and repetition rather than quality, it is worth a trial. Its single-shot copy is fine, but no longer distinctive.</p>

<h2>Best inside your notes: Notion AI</h2>
<p>If your team already lives in Notion, its built-in assistant is the most convenient option on this list. It drafts and edits in place, summarises long pages and answers questions using your workspace as context. It will not outwrite the dedicated assistants, but the time saved on copying text between apps adds up.</p>

<h2>Which one should you pick?</h2>
<ol>
<li><strong>If you write occasionally</strong>, start with the free tier of ChatGPT or Claude and learn to give good instructions. That skill transfers to every tool.</li>
<li><strong>If you write long or sensitive documents</strong>, Claude's handling of context and tone makes it our first choice.</li>
<li><strong>If you mostly need correct, clear text</strong>, Grammarly alongside whatever assistant you use is hard to beat.</li>
<li><strong>If you run a content team</strong>, evaluate Jasper or Copy.ai on a real campaign, not a demo.</li>
</ol>

<h2>A note on originality and accuracy</h2>
<p>Every tool here can state something false with complete confidence. Treat facts, figures, quotations and citations in AI-drafted text as unverified until you have checked them. Be careful, too, with text that must be original: assistants sometimes reproduce common phrasings closely, and readers are increasingly good at spotting generic AI prose. The best results we saw all came from the same habit: the writer decided what to say, and the assistant helped them say it faster.</p>
<p>Browse every reviewed writing tool in the <a href="/directory">directory</a>, filtered by Content Creation.</p>
`;

const DATA_ANALYSIS_GUIDE = `
<p>AI has made data analysis dramatically more accessible. You can now upload a spreadsheet, ask a question in plain English and get a chart back in seconds. That is genuinely useful, and it is also a new way to be wrong quickly. This guide covers what AI analysis tools do well, where they fail, and a workflow that gets the benefits without the embarrassing mistakes.</p>

<h2>What AI is good at</h2>
<ul>
<li><strong>Getting started.</strong> Describing a dataset, spotting obvious patterns and suggesting questions worth asking are tasks the current tools handle well.</li>
<li><strong>Writing the boring code.</strong> Reshaping tables, parsing dates, joining files and producing standard charts are exactly the kind of work that used to eat an afternoon.</li>
<li><strong>Explaining results.</strong> Asking a tool to explain a regression output or a confidence interval in plain language is a good way to learn, as long as you verify the explanation.</li>
<li><strong>Monitoring.</strong> Tools that watch a metric and tell you when it moves unusually save people from staring at dashboards.</li>
</ul>

<h2>What AI is bad at</h2>
<ul>
<li><strong>Knowing what your data means.</strong> The tool does not know that refunds are recorded as negative orders, or that March was missing two days because of a migration.</li>
<li><strong>Choosing the right question.</strong> It will happily answer the question you asked, even when a different question matters more.</li>
<li><strong>Statistics with consequences.</strong> It can run a significance test; it cannot tell you whether the test's assumptions hold for your data unless you ask, and sometimes not even then.</li>
</ul>

<h2>A workflow that works</h2>
<ol>
<li><strong>Describe the data before you upload it.</strong> Tell the tool what each column means, how it was collected and what the known problems are. This single step prevents most of the errors we see.</li>
<li><strong>Ask for a data-quality check first.</strong> Missing values, duplicates, impossible dates and outliers should be listed before any analysis begins.</li>
<li><strong>Ask one question at a time.</strong> Broad prompts such as "analyse this" produce broad, generic answers. "Which regions grew fastest year on year, excluding refunds?" produces something you can check.</li>
<li><strong>Read the code.</strong> Good tools show the code they ran. Even if you do not write Python, you can usually see which columns were used and which rows were filtered out.</li>
<li><strong>Reproduce the headline number another way.</strong> A pivot table or a quick manual calculation is enough to catch most mistakes.</li>
<li><strong>Write the conclusion yourself.</strong> Let the tool draft it if you like, but the person presenting the result should be able to defend every sentence.</li>
</ol>

<h2>Tools worth knowing</h2>
<p><strong>Julius AI</strong> is the friendliest starting point for people who do not code. Upload a spreadsheet, ask questions and get charts and statistical tests, with the code visible for anyone who wants to check it.</p>
<p><strong>ChatGPT</strong> can run Python on uploaded files and produces good exploratory analysis and charts. It is a strong choice if you already pay for it and want one tool for many jobs.</p>
<p><strong>Tableau Pulse</strong> suits organisations that already run on Tableau. It watches the metrics people follow and sends short plain-language digests, which brings data to people who never open a dashboard.</p>
<p><strong>Akkio</strong> brings forecasting and lead scoring to marketing teams and agencies without a data scientist on staff. Be careful presenting its predictions as certainties.</p>
<p><strong>NotebookLM</strong> is not an analysis tool in the spreadsheet sense, but it is excellent for working across a pile of reports and research papers, with every answer linked back to its source.</p>

<h2>Privacy and governance</h2>
<p>Before uploading anything, check whether the data contains personal information, and whether your agreement with the vendor allows it to be used for training. Many business plans exclude training on customer data by default; many free plans do not. If in doubt, remove names, e-mail addresses and identifiers before upload, or work with aggregated data. It is also worth agreeing as a team which tools are approved for which kinds of data, so that individuals do not have to make that judgement alone.</p>

<h2>The bottom line</h2>
<p>AI analysis tools are best thought of as a fast, tireless junior analyst: excellent at the mechanics, unreliable on context, and in need of review. Used that way, they can turn a day of spreadsheet wrangling into an hour of thinking about what the numbers mean. Browse the reviewed tools in the <a href="/directory">directory</a> under Data Analysis.</p>
`;

const CODING_ASSISTANT = `
<p>Almost every developer we know now uses an AI coding assistant, and almost every team we talk to is unsure whether they picked the right one. The marketing pages all promise the same thing. In practice the tools differ in ways that matter a great deal for day-to-day work: how much of your codebase they understand, how they handle your data, and whether they suggest changes or make them.</p>

<h2>Autocomplete, chat and agents</h2>
<p>Coding assistants now work at three levels, and most products offer all three with different strengths:</p>
<ul>
<li><strong>Autocomplete</strong> predicts the next few lines as you type. It is the least glamorous feature and the one that saves the most time, because it works continuously and costs no attention when it is wrong.</li>
<li><strong>Chat</strong> answers questions about code, explains errors and drafts functions. Its usefulness depends heavily on how much context it can see.</li>
<li><strong>Agents</strong> take a task, plan it, edit several files, run commands and present the result. They are impressive on well-specified work and risky on vague requests.</li>
</ul>

<h2>Context is everything</h2>
<p>The biggest difference between assistants is how well they understand <em>your</em> code rather than code in general. An assistant that only sees the open file will suggest functions that already exist elsewhere in the project, ignore your conventions and invent APIs. Tools that index the whole repository, follow imports and read your project's documentation produce suggestions that fit. When you evaluate a tool, test it on your largest, oldest repository, not on a fresh demo project.</p>

<h2>Privacy and code retention</h2>
<p>Ask three questions of any vendor: is my code used to train models, how long are prompts and completions retained, and can the tool run inside our own infrastructure? The answers vary more than you might expect, and they often differ between individual and business plans. Regulated industries may need an assistant that can be self-hosted.</p>

<h2>The main contenders</h2>
<p><strong>GitHub Copilot</strong> is the default for teams on GitHub. It works in nearly every editor, administrators get policy controls, and agent mode can now turn an issue into a pull request. It is the safe choice, and safe is often right.</p>
<p><strong>Cursor</strong> is an editor built around AI rather than an extension added to one. Its autocomplete predicts your next edit, not just the next line, and its agent is the most capable we tested for multi-file refactoring. The catch is that your whole team has to switch editors, and usage-based pricing needs watching.</p>
<p><strong>Tabnine</strong> is the answer when security says no to cloud-hosted assistants. It can run in a private cloud or fully on-premises. Suggestion quality trails the leaders, so choose it for its deployment options.</p>
<p><strong>Replit</strong> serves a different audience: people who want a working, hosted application from a description, often without a local development environment at all. It is excellent for prototypes and internal tools.</p>

<h2>How to run a fair trial</h2>
<ol>
<li>Pick two tools at most, and give each two full weeks. The first days are always slower while people learn the tool.</li>
<li>Use real work from your backlog, including one bug fix, one feature and one refactor.</li>
<li>Ask developers to keep short notes on moments where the tool saved or cost them time. Impressions fade quickly.</li>
<li>Review the pull requests produced with AI help with the same care as any other. Watch for subtle errors, missing tests and unnecessary dependencies.</li>
<li>Check the bill at the end. Agent-heavy workflows can cost far more than the headline seat price.</li>
</ol>

<h2>What to measure</h2>
<p>Lines of code written is a poor measure; AI makes lines cheap. Better signals are cycle time from ticket to merged change, the number of review rounds per pull request, and how often changes are reverted. Ask developers, too. Assistants that feel intrusive get switched off quietly, whatever the metrics say.</p>

<h2>Our recommendation</h2>
<p>For most teams, start with GitHub Copilot because of its breadth and administration, and let interested developers trial Cursor alongside it. If your code cannot leave your network, shortlist Tabnine. Whatever you choose, the habits matter more than the tool: keep changes small, review everything, and write the tests yourself or check them carefully when the assistant writes them. Compare every reviewed assistant in the <a href="/directory">directory</a> under Development.</p>
`;

const MEETING_ASSISTANTS = `
<p>AI meeting assistants promise to end note-taking: a bot joins the call, transcribes it, and sends everyone a summary with action items before the next meeting starts. After several months of using them on our own calls, we think the promise is mostly kept, with caveats about consent, accuracy and the meetings where a bot does not belong.</p>

<h2>What they actually do</h2>
<p>The core features are now similar across products:</p>
<ul>
<li>Live or post-call transcription with speaker labels.</li>
<li>A summary with key points, decisions and action items.</li>
<li>Search across every recorded meeting, and chat-style questions such as "what did we agree about the launch date?"</li>
<li>Integrations that push notes into calendars, CRMs, project tools and chat.</li>
</ul>
<p>The differences lie in accuracy with accents and crosstalk, the quality of the summaries, the integrations and, increasingly, what each product does with your recordings.</p>

<h2>Otter.ai</h2>
<p><a href="https://otter.ai" target="_blank">Otter</a> was one of the first mainstream AI transcription services and it shows in the polish. Live transcription is fast and accurate, speaker separation is good, and the summaries capture decisions well. Otter Chat lets you ask questions across past meetings. Our main advice is to configure its automatic joining carefully so that the assistant does not surprise external guests.</p>

<h2>Fireflies.ai</h2>
<p>Fireflies is strongest when meetings need to feed other systems. Topic trackers flag when competitors, pricing or objections come up, and CRM integrations update records after sales calls. Summaries are slightly less polished than Otter's in our tests, but for sales and customer teams the downstream automation matters more.</p>

<h2>Krisp</h2>
<p>Krisp started as noise cancellation and remains best at it: it removed background noise and other voices in every calling app we tried. Its newer transcription and notes features are reasonable, and because it works at the audio level rather than as a visible bot, it suits people who find meeting bots awkward. If you only buy one thing for a home office, buy this.</p>

<h2>Notes built into your tools</h2>
<p>Video platforms and workspace tools increasingly include their own AI notes. Notion AI can transcribe and summarise meetings inside the workspace where your notes already live. If a built-in option is good enough for your needs, it saves adding another vendor and another place where recordings are stored.</p>

<h2>Consent and privacy come first</h2>
<p>Recording laws differ between countries and states, and some require everyone on a call to agree to recording. Regardless of the law, people speak differently when they know a transcript will exist. We recommend:</p>
<ol>
<li>Announce the assistant at the start of every meeting and offer to switch it off.</li>
<li>Never record by default in meetings about personnel, health or legal matters.</li>
<li>Set a retention period and delete recordings you no longer need.</li>
<li>Check whether the vendor trains models on your recordings and how to opt out.</li>
</ol>

<h2>Accuracy: trust, but verify</h2>
<p>Summaries occasionally invert a decision, attribute a point to the wrong person or turn a suggestion into a commitment. Before sending an AI summary to anyone outside the meeting, the organiser should read it. A two-minute check is still far faster than writing notes from scratch.</p>

<h2>Which should you choose?</h2>
<ul>
<li><strong>General teams:</strong> Otter for the best balance of accuracy, summaries and ease of use.</li>
<li><strong>Sales and customer teams:</strong> Fireflies for trackers and CRM integration.</li>
<li><strong>Remote workers in noisy places:</strong> Krisp, with or without a separate note taker.</li>
<li><strong>Teams already in Notion:</strong> try the built-in meeting notes before buying anything.</li>
</ul>
<p>All of these have free plans that are enough for a fair trial. Run one for a couple of weeks on internal meetings before inviting it to calls with customers. You can compare them in the <a href="/directory">directory</a> under Productivity.</p>
`;

const AI_VIDEO_DRAFT = `
<p>Two years ago, AI video meant a few seconds of warping, dreamlike footage. Today, generated clips can pass for stock footage, presenter videos can be produced in dozens of languages from a script, and editing tools quietly use machine learning for tasks such as background removal and audio clean-up. This draft surveys where the technology is genuinely useful for working teams, and where it still is not.</p>

<h2>Three very different kinds of AI video</h2>
<p>It helps to separate three categories, because they solve different problems and are bought by different people.</p>
<ul>
<li><strong>Generative video</strong> creates footage from text or images. Runway is the most complete professional toolkit here, and several large model providers now offer their own generators.</li>
<li><strong>Avatar and presenter video</strong> turns a script into a talking-head video. Synthesia is the best-known example, used heavily for training and onboarding.</li>
<li><strong>AI-assisted editing</strong> speeds up conventional production: transcript-based editing, filler-word removal and audio repair in Descript, or background removal and motion tracking in Runway.</li>
</ul>

<h2>Where it works today</h2>
<p>Assisted editing is the clear winner. It saves hours on every interview, podcast and screen recording, and the output is your own footage, so there are few surprises. Presenter video is mature for internal communication: updating a compliance module by editing a script is a transformative change for learning teams. Generative video works for short atmospheric shots, concept visualisation and social content where a slightly surreal look is acceptable.</p>

<h2>Where it struggles</h2>
<ul>
<li><strong>Consistency.</strong> Keeping the same character, product or location across several generated shots remains difficult, although reference-image features are improving quickly.</li>
<li><strong>Control.</strong> Precise camera moves, exact timing and readable text inside the frame still require many attempts.</li>
<li><strong>Length.</strong> Clips are short; longer sequences are assembled from many generations, with the continuity problems that implies.</li>
<li><strong>Cost.</strong> Credit-based pricing makes experimentation expensive. Budget for several takes per usable shot.</li>
</ul>

<h2>Rights, consent and disclosure</h2>
<p>Voice and likeness cloning raise obvious risks. Reputable vendors require consent and verification before cloning a voice or creating a custom avatar of a real person, and we weigh those safeguards in our reviews. Check the licence terms for commercial use of generated footage, and consider labelling synthetic media, especially anything that depicts real people or events. Several platforms now attach provenance metadata to generated files, which helps.</p>

<h2>How teams are adopting it</h2>
<p>The pattern we see most often is gradual. Teams start with assisted editing because the risk is low, move to presenter video for internal training, and experiment with generative footage for social media and pitches. Very few use generated footage in flagship brand work yet, and most that do combine it with conventional shooting.</p>

<h2>Audio is the quiet success</h2>
<p>Much of the practical value of AI in video production is in the sound, not the picture. Speech enhancement can rescue an interview recorded in an echoing room, automatic transcription makes captions almost free, and dubbing tools from companies such as ElevenLabs can translate a narration while keeping the speaker's own voice. For teams publishing to international audiences, translated audio and captions often deliver more reach than any generated footage. These features are also the easiest to adopt: they fit into existing editing workflows, and their mistakes are easy to hear and correct.</p>

<h2>What to look for when choosing a tool</h2>
<ul>
<li>Export options in standard formats and resolutions, so work is not trapped in one platform.</li>
<li>Clear commercial licensing for generated footage, voices and music.</li>
<li>Consent checks for voice cloning and custom avatars.</li>
<li>Pricing you can predict for a realistic month of work, including failed generations.</li>
</ul>

<h2>Still to write</h2>
<p>Before publishing: add results from our standard video brief for each tool, a short cost comparison per finished minute, and comments from the two production teams we interviewed. Check all feature claims against the vendors' current release notes.</p>
`;

const AI_POLICY_DRAFT = `
<p>Most small teams already use AI tools, whether or not anyone has decided they should. Someone drafts proposals with a chat assistant, someone else records meetings with a transcription bot, and a developer has a coding assistant in their editor. A short, practical AI usage policy turns that scattered use into something the team can rely on, without the weight of a corporate governance programme.</p>

<h2>Why bother with a policy?</h2>
<ul>
<li><strong>Clients ask.</strong> Questionnaires increasingly include questions about AI use and data handling. A written policy makes answering them quick and consistent.</li>
<li><strong>Data leaks are easy.</strong> Pasting a client contract into a free tool may breach a confidentiality agreement, even if nobody intended harm.</li>
<li><strong>Quality needs an owner.</strong> Someone must be accountable for checking AI-assisted work before it reaches a customer.</li>
<li><strong>It encourages good use.</strong> Clear rules make people more comfortable using AI where it helps, instead of hiding it.</li>
</ul>

<h2>What to include</h2>
<ol>
<li><strong>Approved tools.</strong> List the tools the team may use and which plans. Business plans often exclude your data from model training; free plans often do not.</li>
<li><strong>Data categories.</strong> Define what may be shared with which tools. A simple three-level scheme works: public information (any approved tool), internal information (approved business plans only), and confidential or personal data (not without explicit sign-off).</li>
<li><strong>Review rules.</strong> Anything AI-assisted that goes to a customer, is published, or affects a decision about a person must be reviewed by a named human.</li>
<li><strong>Disclosure.</strong> Decide when you tell clients or readers that AI was involved. Many teams disclose AI-generated images and audio always, and text when it is substantially machine-written.</li>
<li><strong>Recording and consent.</strong> Meeting assistants must be announced, and recording needs the consent of everyone present.</li>
<li><strong>Ownership and licences.</strong> Check that the tool's terms allow commercial use of its output, especially for images, audio and video.</li>
<li><strong>How to propose a new tool.</strong> Give people a simple route to suggest additions, so the list stays current.</li>
</ol>

<h2>Keep it short</h2>
<p>A policy nobody reads protects nobody. Aim for a single page written in plain language, with examples drawn from your own work: "you may use an approved assistant to draft a project update from your notes; you may not paste a client's financial statements into any AI tool without the account lead's approval."</p>

<h2>Choosing approved tools</h2>
<p>When evaluating a tool for the approved list, look at the vendor's data retention and training policies, administration features such as single sign-on and user management, export options, and where data is stored. Our reviews note these details where they matter; the <a href="/directory">directory</a> is a reasonable place to build a shortlist.</p>

<h2>Review it regularly</h2>
<p>AI tools and their terms change quickly. Put a review in the calendar every six months, and ask the team what is working, what is missing and which tools they are using that are not on the list. The unofficial tools are the most useful signal of what the policy should cover next.</p>

<h2>A sample rule set</h2>
<p>Here is the core of a policy we have seen work well for a team of eight:</p>
<ul>
<li>Use the approved assistant on the company plan for drafting, summarising and brainstorming. Do not use personal accounts for work.</li>
<li>Never paste passwords, access keys, customer personal data or unreleased financial information into any AI tool.</li>
<li>Client material may be used only with tools listed as approved for confidential data, and only if the client contract allows it.</li>
<li>The person who sends or publishes AI-assisted work is responsible for checking its accuracy.</li>
<li>Announce meeting assistants at the start of every call and stop recording if anyone objects.</li>
</ul>
<p>Five rules, each of which anyone on the team can apply without asking a lawyer.</p>

<h2>Still to do before publishing</h2>
<p>Add a downloadable one-page template, a worked example for a five-person agency, and a short section on what to do after a mistake, such as confidential data pasted into an unapproved tool.</p>
`;

export const SEED_POSTS: readonly SeedPost[] = [
  {
    title: 'How We Review AI Tools',
    excerpt:
      'Every listing in the directory is tested by an editor before it goes live. Here is exactly what happens between a submission and a published review, and what premium does and does not buy.',
    category: 'Editorial',
    tags: ['methodology', 'reviews', 'quality'],
    status: POST_STATUS.published,
    publishedDaysAgo: 128,
    createdDaysAgo: 131,
    readTime: null,
    color: '#1e3a8a',
    content: HOW_WE_REVIEW,
  },
  {
    title: 'The Best AI Writing Assistants for 2026',
    excerpt:
      'We re-ran our writing tests on the assistants our editors actually use. The best all-rounder, the best for long documents, the best proofreader and which to choose for a content team.',
    category: 'Reviews',
    tags: ['writing', 'content-creation', 'comparisons'],
    status: POST_STATUS.published,
    publishedDaysAgo: 97,
    createdDaysAgo: 101,
    readTime: 'computed',
    color: '#6d28d9',
    content: BEST_WRITING_ASSISTANTS,
  },
  {
    title: 'AI for Data Analysis: A Practical Guide',
    noImage: true,
    excerpt:
      'AI makes analysis fast and accessible, and it makes new kinds of mistakes easy. What the tools are good at, where they fail, and a six-step workflow that keeps your numbers honest.',
    category: 'Guides',
    tags: ['data-analysis', 'spreadsheets', 'analytics'],
    status: POST_STATUS.published,
    publishedDaysAgo: 68,
    createdDaysAgo: 72,
    readTime: 'computed',
    color: '#0369a1',
    content: DATA_ANALYSIS_GUIDE,
  },
  {
    title: 'Choosing an AI Coding Assistant: What Actually Matters',
    excerpt:
      'Autocomplete, chat or agents; context and privacy; Copilot, Cursor, Tabnine and Replit. How to run a fair two-week trial and what to measure when lines of code are cheap.',
    category: 'Guides',
    tags: ['development', 'coding', 'productivity'],
    status: POST_STATUS.published,
    publishedDaysAgo: 41,
    createdDaysAgo: 44,
    readTime: null,
    color: '#047857',
    content: CODING_ASSISTANT,
  },
  {
    title: 'AI Meeting Assistants Compared: Otter, Fireflies and Krisp',
    noImage: true,
    excerpt:
      'Months of recorded calls later: which meeting assistant to choose for general teams, sales teams and noisy home offices, and the consent rules every team should adopt first.',
    category: 'Comparisons',
    tags: ['meetings', 'productivity', 'transcription'],
    status: POST_STATUS.published,
    publishedDaysAgo: 12,
    createdDaysAgo: 15,
    readTime: 'computed',
    color: '#b45309',
    content: MEETING_ASSISTANTS,
  },
  {
    title: 'The State of AI Video Generation',
    excerpt:
      'Generative footage, presenter avatars and AI-assisted editing solve very different problems. Where each works for real teams today, and where it still falls short.',
    category: 'Industry',
    tags: ['video', 'content-creation'],
    status: POST_STATUS.draft,
    createdDaysAgo: 6,
    readTime: 'computed',
    color: '#9f1239',
    content: AI_VIDEO_DRAFT,
  },
  {
    title: 'Writing an AI Usage Policy for a Small Team',
    excerpt:
      'A one-page policy that covers approved tools, data categories, review and disclosure, so your team can use AI with confidence instead of in secret.',
    category: 'Guides',
    tags: ['policy', 'teams'],
    status: POST_STATUS.draft,
    createdDaysAgo: 2,
    readTime: null,
    color: '#334155',
    content: AI_POLICY_DRAFT,
  },
];

/** Word lists for synthetic benchmark tools: varied enough that full-text search has real work to do. */
export const SYNTHETIC_VOCAB = {
  namePrefixes: [
    'Nova',
    'Quill',
    'Lumen',
    'Vector',
    'Atlas',
    'Echo',
    'Pixel',
    'Cipher',
    'Orbit',
    'Signal',
    'Prism',
    'Forge',
    'Beacon',
    'Cobalt',
    'Drift',
    'Ember',
    'Flux',
    'Glyph',
    'Helix',
    'Iris',
    'Juniper',
    'Kite',
    'Ledger',
    'Mosaic',
    'Nimbus',
    'Onyx',
    'Pulse',
    'Quartz',
    'Relay',
    'Sable',
    'Tidal',
    'Umbra',
    'Vela',
    'Willow',
    'Zephyr',
    'Aurora',
    'Bramble',
    'Cinder',
    'Delta',
    'Fable',
    'Granite',
    'Harbor',
    'Indigo',
    'Lattice',
    'Meridian',
    'Northstar',
    'Oakly',
    'Pinewood',
    'Quest',
    'Ripple',
    'Sprout',
    'Thread',
    'Vivid',
    'Wavelet',
    'Yonder',
    'Zenith',
    'Alpine',
    'Brisk',
    'Clever',
    'Swift',
  ],
  nameRoots: [
    'Write',
    'Draft',
    'Scribe',
    'Insight',
    'Metrics',
    'Chart',
    'Canvas',
    'Frame',
    'Code',
    'Stack',
    'Deploy',
    'Lens',
    'Scope',
    'Flow',
    'Plan',
    'Sync',
    'Voice',
    'Clip',
    'Pilot',
    'Mind',
    'Desk',
    'Board',
    'Mail',
    'Reach',
    'Rank',
    'Brief',
    'Notes',
    'Query',
    'Sheet',
    'Vision',
    'Sketch',
    'Render',
    'Logic',
    'Agent',
    'Assist',
    'Mate',
    'Hub',
    'Lab',
    'Loop',
    'Spark',
  ],
  nameSuffixes: ['', '', '', 'AI', 'Pro', 'Studio', 'Labs', 'HQ', 'Cloud', 'One', 'Go', 'Copilot'],
  phrases: {
    'content-creation': [
      'drafts blog posts, newsletters and long-form articles',
      'rewrites marketing copy in your brand voice',
      'turns long articles into social threads and short summaries',
      'generates video scripts, captions and subtitles',
      'transcribes interviews and cleans up podcast audio',
      'suggests headlines and checks readability',
      'translates documentation while keeping terminology consistent',
      'creates product descriptions for large catalogues',
      'narrates articles with natural text-to-speech voices',
      'repurposes webinars into clips, quotes and recaps',
    ],
    'data-analysis': [
      'turns spreadsheets into interactive dashboards',
      'answers questions about your data warehouse in plain English',
      'forecasts revenue, demand and churn',
      'detects anomalies in product and finance metrics',
      'cleans, deduplicates and enriches CRM records',
      'writes SQL queries and explains the results',
      'builds cohort and funnel analyses automatically',
      'summarises survey responses into themes and sentiment',
      'extracts tables and figures from PDF reports',
      'monitors KPIs and sends plain-language digests',
    ],
    design: [
      'generates on-brand social graphics and banners',
      'turns rough sketches into editable wireframes',
      'removes backgrounds and upscales product photos',
      'creates icon sets, illustrations and mood boards',
      'builds presentation decks from a short outline',
      'suggests colour palettes and font pairings',
      'produces mockups for apps and landing pages',
      'edits images with natural-language instructions',
      'designs logos and brand kits for small businesses',
      'animates static designs into short motion graphics',
    ],
    development: [
      'reviews pull requests and flags likely bugs',
      'writes unit and integration tests for existing code',
      'explains unfamiliar legacy code line by line',
      'autocompletes code across dozens of languages',
      'triages error logs and proposes fixes',
      'generates API clients from OpenAPI specifications',
      'migrates code between frameworks and versions',
      'documents functions and keeps READMEs current',
      'scans dependencies for vulnerabilities and licence issues',
      'builds internal tools from a plain-language description',
    ],
    marketing: [
      'plans multichannel campaigns and content calendars',
      'writes ad variations and runs A/B tests',
      'optimises landing pages for search rankings',
      'segments audiences by intent and behaviour',
      'schedules social posts for the best engagement times',
      'researches keywords and competitor content gaps',
      'personalises e-mail sequences for each prospect',
      'tracks brand mentions and sentiment across the web',
      'scores leads and routes them to the right sales rep',
      'generates briefs for agencies and freelancers',
    ],
    productivity: [
      'summarises meetings and assigns action items',
      'prioritises your inbox and drafts replies',
      'schedules focus time around meetings and deadlines',
      'searches across documents, chat and e-mail at once',
      'automates repetitive workflows between everyday apps',
      'turns voice memos into organised notes and tasks',
      'keeps project status reports up to date automatically',
      'fills in forms and extracts data from invoices',
      'answers team questions from your internal wiki',
      'plans travel and manages calendars for busy teams',
    ],
  } as Record<CategoryId, string[]>,
  audiences: {
    'content-creation': ['writers', 'content-creators', 'podcasters', 'educators', 'journalists'],
    'data-analysis': ['analysts', 'data-teams', 'researchers', 'executives', 'finance-teams'],
    design: ['designers', 'small-businesses', 'illustrators', 'marketers', 'photographers'],
    development: ['developers', 'engineering-teams', 'startups', 'students', 'devops-engineers'],
    marketing: ['marketers', 'agencies', 'seo-specialists', 'sales-teams', 'founders'],
    productivity: ['remote-teams', 'managers', 'freelancers', 'knowledge-workers', 'operations-teams'],
  } as Record<CategoryId, string[]>,
  features: [
    'supports more than thirty languages',
    'keeps a full version history of every change',
    'offers role-based permissions and single sign-on',
    'can keep data on European servers',
    'exports to PDF, CSV and Markdown',
    'includes a browser extension for working on any site',
    'learns from feedback on each suggestion',
    'works offline in its desktop app',
    'provides an API and webhooks for custom integrations',
    'comes with ready-made templates for common tasks',
    'lets teams share prompts and style guides',
    'shows the sources behind every answer',
  ],
  integrations: [
    'Slack',
    'Google Drive',
    'Notion',
    'HubSpot',
    'Salesforce',
    'GitHub',
    'Jira',
    'Figma',
    'Shopify',
    'Zapier',
    'Microsoft Teams',
    'Snowflake',
    'BigQuery',
    'WordPress',
    'Airtable',
    'Linear',
    'Zoom',
    'Gmail',
    'Dropbox',
    'Intercom',
  ],
  strengths: [
    'Setup took minutes and the defaults are sensible.',
    'Output quality was consistently good in our standard tests.',
    'The interface stays out of the way and keyboard shortcuts cover everything.',
    'Integrations worked reliably with the apps our team already uses.',
    'Pricing is transparent and the free tier is enough for a fair trial.',
    'Answers cite their sources, which makes checking quick.',
    'Team features such as shared templates are well thought through.',
  ],
  weaknesses: [
    'Results on unusual inputs needed noticeable editing.',
    'The mobile experience lags well behind the web app.',
    'Costs rise quickly once usage grows beyond a small team.',
    'Documentation is thin for the more advanced features.',
    'Exports lose some formatting.',
    'It occasionally misreads context that a person would catch.',
    'Admin controls are basic for larger organisations.',
  ],
  verdicts: [
    'A solid choice for its niche.',
    'Worth a trial if the integrations match your stack.',
    'Best for small teams that want quick wins.',
    'Recommended with the caveats above.',
    'Good value, though not the category leader.',
  ],
} as const;
