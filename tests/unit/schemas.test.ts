// The zod schemas shared by islands and API, with the exact messages of SPEC.md section 5.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blogPostSchema,
  changeRequestSchema,
  editorialReviewSchema,
  firstIssue,
  loginSchema,
  registerSchema,
  rejectChangeSchema,
  rejectSchema,
  submissionSchema,
  unlistSchema,
  toolUpdateSchema,
  userUpdateSchema,
} from '../../lib/schemas';
import { MSG } from '../../lib/messages';
import { POST_CATEGORIES } from '../../lib/post-categories';

/** The first message of a failed parse; fails the test when the value parses. */
function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return firstIssue(result.error);
}

describe('submissionSchema', () => {
  const valid = {
    name: 'Notion AI',
    url: 'https://www.notion.so/product/ai',
    description: 'Write, summarise and plan inside your notes.',
    tags: ['productivity', 'content-creation'],
  };
  const withValues = (values: Record<string, unknown>) => ({ ...valid, ...values });

  it('accepts a valid submission and gives typed values', () => {
    expect(submissionSchema.parse(valid)).toEqual({ ...valid, isPremium: false });
  });

  it("asks for a name when it is missing, empty or blank: 'Tool name is required'", () => {
    const { name: _name, ...noName } = valid;
    expect(messageOf(submissionSchema, noName)).toBe('Tool name is required');
    expect(messageOf(submissionSchema, withValues({ name: '' }))).toBe('Tool name is required');
    expect(messageOf(submissionSchema, withValues({ name: '   ' }))).toBe('Tool name is required');
    expect(messageOf(submissionSchema, withValues({ name: 42 }))).toBe('Tool name is required');
  });

  it("accepts 255 characters and refuses 256: 'Tool name must be less than 255 characters'", () => {
    expect(submissionSchema.parse(withValues({ name: 'n'.repeat(255) })).name).toHaveLength(255);
    expect(messageOf(submissionSchema, withValues({ name: 'n'.repeat(256) }))).toBe(
      'Tool name must be less than 255 characters',
    );
  });

  it('trims the name', () => {
    expect(submissionSchema.parse(withValues({ name: '  Notion AI ' })).name).toBe('Notion AI');
  });

  it("refuses anything but an http(s) address: 'Please enter a valid URL'", () => {
    for (const url of ['notaurl', 'ftp://x.com', 'javascript:alert(1)', 'https://localhostless', '', undefined]) {
      expect(messageOf(submissionSchema, withValues({ url }))).toBe('Please enter a valid URL');
    }
  });

  it('accepts http and https addresses, trimmed', () => {
    expect(submissionSchema.parse(withValues({ url: 'http://example.com' })).url).toBe('http://example.com');
    expect(submissionSchema.parse(withValues({ url: ' https://example.com/a?b=c ' })).url).toBe(
      'https://example.com/a?b=c',
    );
    expect(submissionSchema.parse(withValues({ url: 'http://localhost:3000/' })).url).toBe('http://localhost:3000/');
  });

  it('refuses a url longer than 500 characters', () => {
    const url = `https://example.com/${'a'.repeat(481)}`;
    expect(url).toHaveLength(501);
    expect(messageOf(submissionSchema, withValues({ url }))).toBe('URL must be less than 500 characters');
    expect(submissionSchema.parse(withValues({ url: url.slice(0, 500) })).url).toHaveLength(500);
  });

  it('wants a description of 10 to 1000 characters', () => {
    expect(messageOf(submissionSchema, withValues({ description: 'd'.repeat(9) }))).toBe(
      'Description must be at least 10 characters',
    );
    expect(submissionSchema.parse(withValues({ description: 'd'.repeat(10) })).description).toHaveLength(10);
    expect(submissionSchema.parse(withValues({ description: 'd'.repeat(1000) })).description).toHaveLength(1000);
    expect(messageOf(submissionSchema, withValues({ description: 'd'.repeat(1001) }))).toBe(
      'Description must be less than 1000 characters',
    );
  });

  it('counts the description without surrounding spaces', () => {
    expect(messageOf(submissionSchema, withValues({ description: `   ${'d'.repeat(9)}   ` }))).toBe(
      'Description must be at least 10 characters',
    );
    const { description: _description, ...noDescription } = valid;
    expect(messageOf(submissionSchema, noDescription)).toBe('Description must be at least 10 characters');
  });

  it("wants at least one known category: 'Please select at least one category'", () => {
    const { tags: _tags, ...noTags } = valid;
    expect(messageOf(submissionSchema, noTags)).toBe('Please select at least one category');
    expect(messageOf(submissionSchema, withValues({ tags: [] }))).toBe('Please select at least one category');
    expect(messageOf(submissionSchema, withValues({ tags: 'all' }))).toBe('Please select at least one category');
    expect(messageOf(submissionSchema, withValues({ tags: ['design', 'crypto'] }))).toBe(
      'Please select at least one category',
    );
  });

  it('takes tags as one string (a single multipart field) or an array, without duplicates', () => {
    expect(submissionSchema.parse(withValues({ tags: 'design' })).tags).toEqual(['design']);
    expect(submissionSchema.parse(withValues({ tags: ['design', 'marketing', 'design'] })).tags).toEqual([
      'design',
      'marketing',
    ]);
  });

  it("reads isPremium as the text 'true' or 'false', false when absent", () => {
    expect(submissionSchema.parse(withValues({ isPremium: 'true' })).isPremium).toBe(true);
    expect(submissionSchema.parse(withValues({ isPremium: 'false' })).isPremium).toBe(false);
    expect(submissionSchema.parse(valid).isPremium).toBe(false);
    expect(messageOf(submissionSchema, withValues({ isPremium: 'yes' }))).toBe('isPremium must be true or false');
  });

  it('reports the first field in form order first', () => {
    expect(messageOf(submissionSchema, {})).toBe('Tool name is required');
    const result = submissionSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Tool name is required',
      'Please enter a valid URL',
      'Description must be at least 10 characters',
      'Please select at least one category',
    ]);
  });
});

describe('loginSchema', () => {
  it('accepts an e-mail and a password, the e-mail trimmed and lower-cased', () => {
    expect(loginSchema.parse({ email: '  Ada@Example.COM ', password: 'secret' })).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it("refuses a bad or missing e-mail: 'Invalid email address'", () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada example.com', '', undefined, 42]) {
      expect(messageOf(loginSchema, { email, password: 'secret' })).toBe('Invalid email address');
    }
  });

  it("wants at least 6 password characters: 'Password must be at least 6 characters'", () => {
    expect(messageOf(loginSchema, { email: 'ada@example.com', password: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(messageOf(loginSchema, { email: 'ada@example.com' })).toBe('Password must be at least 6 characters');
    expect(loginSchema.parse({ email: 'ada@example.com', password: '123456' }).password).toBe('123456');
  });

  it('keeps the password exactly as typed', () => {
    expect(loginSchema.parse({ email: 'ada@example.com', password: ' Pass Word ' }).password).toBe(' Pass Word ');
  });
});

describe('registerSchema', () => {
  it('accepts the user fields, trimmed', () => {
    expect(
      registerSchema.parse({ email: 'Ada@Example.com', password: 'secret', firstName: ' Ada ', lastName: 'Lovelace ' }),
    ).toEqual({ email: 'ada@example.com', password: 'secret', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('makes the names optional', () => {
    expect(registerSchema.parse({ email: 'ada@example.com', password: 'secret' })).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      firstName: '',
      lastName: '',
    });
  });

  it('uses the login rules for e-mail and password', () => {
    expect(messageOf(registerSchema, { email: 'nope', password: 'secret' })).toBe('Invalid email address');
    expect(messageOf(registerSchema, { email: 'ada@example.com', password: 'short' })).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('refuses names longer than 100 characters', () => {
    expect(
      registerSchema.safeParse({ email: 'ada@example.com', password: 'secret', firstName: 'a'.repeat(101) }).success,
    ).toBe(false);
  });
});

describe('editorialReviewSchema', () => {
  it('accepts a take and a whole score from 1 to 10', () => {
    expect(editorialReviewSchema.parse({ curatorTake: ' Great for teams. ', qualityScore: 8 })).toEqual({
      curatorTake: 'Great for teams.',
      qualityScore: 8,
    });
    expect(editorialReviewSchema.parse({ curatorTake: 'ok', qualityScore: 1 }).qualityScore).toBe(1);
    expect(editorialReviewSchema.parse({ curatorTake: 'ok', qualityScore: 10 }).qualityScore).toBe(10);
  });

  it("reads a score sent as JSON text ('7')", () => {
    expect(editorialReviewSchema.parse({ curatorTake: 'ok', qualityScore: '7' }).qualityScore).toBe(7);
  });

  it("wants a non-blank take: 'Curator take is required.'", () => {
    for (const curatorTake of ['', '   ', '\n\t', undefined, null]) {
      expect(messageOf(editorialReviewSchema, { curatorTake, qualityScore: 7 })).toBe('Curator take is required.');
    }
  });

  it("refuses scores outside 1..10, fractions and non-numbers: 'Quality score must be between 1 and 10.'", () => {
    for (const qualityScore of [0, 11, 5.5, 'abc', -1, undefined]) {
      expect(messageOf(editorialReviewSchema, { curatorTake: 'ok', qualityScore })).toBe(
        'Quality score must be between 1 and 10.',
      );
    }
  });
});

describe('rejectSchema', () => {
  it('wants a non-blank reason, trimmed', () => {
    expect(rejectSchema.parse({ rejectionReason: ' Not an AI tool ' })).toEqual({ rejectionReason: 'Not an AI tool' });
    expect(messageOf(rejectSchema, { rejectionReason: '  ' })).toBe('Rejection reason is required');
    expect(messageOf(rejectSchema, {})).toBe('Rejection reason is required');
  });
});

describe('toolUpdateSchema', () => {
  it('accepts a partial update, and nothing at all', () => {
    expect(toolUpdateSchema.parse({})).toEqual({});
    expect(toolUpdateSchema.parse({ name: ' New Name ' })).toEqual({ name: 'New Name' });
    expect(toolUpdateSchema.parse({ isPremium: true })).toEqual({ isPremium: true });
  });

  it('splits comma lists, trims them and drops empty items', () => {
    expect(
      toolUpdateSchema.parse({
        tags: ' design, ,marketing ,, ',
        targetAudience: ' designers, , small teams,',
        screenshots: 'https://example.com/1.png, ,https://example.com/2.png ',
      }),
    ).toEqual({
      tags: ['design', 'marketing'],
      targetAudience: ['designers', 'small teams'],
      screenshots: ['https://example.com/1.png', 'https://example.com/2.png'],
    });
  });

  it('takes lists as arrays too, without duplicate tags', () => {
    expect(toolUpdateSchema.parse({ tags: ['design', 'design', 'development'], targetAudience: [' a ', ''] })).toEqual({
      tags: ['design', 'development'],
      targetAudience: ['a'],
    });
  });

  it('keeps the submission messages for name, url, description and tags', () => {
    expect(messageOf(toolUpdateSchema, { name: ' ' })).toBe('Tool name is required');
    expect(messageOf(toolUpdateSchema, { url: 'notaurl' })).toBe('Please enter a valid URL');
    expect(messageOf(toolUpdateSchema, { description: 'short' })).toBe('Description must be at least 10 characters');
    expect(messageOf(toolUpdateSchema, { tags: ' , ' })).toBe('Please select at least one category');
    expect(messageOf(toolUpdateSchema, { tags: 'design, crypto' })).toBe('Please select at least one category');
  });

  it('checks the score and each screenshot url', () => {
    expect(messageOf(toolUpdateSchema, { qualityScore: 11 })).toBe('Quality score must be between 1 and 10.');
    expect(toolUpdateSchema.parse({ qualityScore: '9' })).toEqual({ qualityScore: 9 });
    expect(toolUpdateSchema.parse({ qualityScore: null, curatorTake: null })).toEqual({
      qualityScore: null,
      curatorTake: null,
    });
    expect(messageOf(toolUpdateSchema, { screenshots: 'https://example.com/a.png, javascript:alert(1)' })).toBe(
      MSG.imageAddressInvalid('Screenshot'),
    );
    expect(messageOf(toolUpdateSchema, { screenshots: 'http://example.com/a.png' })).toBe(
      MSG.imageAddressInvalid('Screenshot'),
    );
    expect(toolUpdateSchema.parse({ screenshots: '/uploads/seed/a-screenshot-1.png, /uploads/tools/x.webp' })).toEqual({
      screenshots: ['/uploads/seed/a-screenshot-1.png', '/uploads/tools/x.webp'],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.png`).join(',');
    expect(messageOf(toolUpdateSchema, { screenshots: eleven })).toBe('At most 10 screenshots');
  });

  it('clears the video url and pricing model with an empty value', () => {
    expect(toolUpdateSchema.parse({ videoUrl: '', pricingModel: '' })).toEqual({ videoUrl: null, pricingModel: null });
    expect(toolUpdateSchema.parse({ videoUrl: null, pricingModel: null })).toEqual({
      videoUrl: null,
      pricingModel: null,
    });
  });

  it('accepts the five pricing models and refuses others', () => {
    for (const pricingModel of ['free', 'freemium', 'free-trial', 'paid', 'contact-for-price']) {
      expect(toolUpdateSchema.parse({ pricingModel })).toEqual({ pricingModel });
    }
    expect(messageOf(toolUpdateSchema, { pricingModel: 'lifetime' })).toBe('Unknown pricing model');
    expect(messageOf(toolUpdateSchema, { videoUrl: 'not a url' })).toBe(MSG.videoHostUnsupported);
  });

  it('wants isPremium as a boolean', () => {
    expect(toolUpdateSchema.safeParse({ isPremium: 'true' }).success).toBe(false);
  });
});

describe('changeRequestSchema', () => {
  it('accepts a partial set of public fields', () => {
    expect(changeRequestSchema.parse({})).toEqual({});
    expect(
      changeRequestSchema.parse({
        description: '  A much better description. ',
        tags: 'design,development',
        pricingModel: 'freemium',
        targetAudience: 'designers, developers',
      }),
    ).toEqual({
      description: 'A much better description.',
      tags: ['design', 'development'],
      pricingModel: 'freemium',
      targetAudience: ['designers', 'developers'],
    });
  });

  it('uses the submission messages', () => {
    expect(messageOf(changeRequestSchema, { name: '' })).toBe('Tool name is required');
    expect(messageOf(changeRequestSchema, { url: 'ftp://x.com' })).toBe('Please enter a valid URL');
    expect(messageOf(changeRequestSchema, { description: 'd'.repeat(1001) })).toBe(
      'Description must be less than 1000 characters',
    );
    expect(messageOf(changeRequestSchema, { tags: [] })).toBe('Please select at least one category');
  });

  it('takes a null pricing model and refuses unknown ones', () => {
    expect(changeRequestSchema.parse({ pricingModel: null })).toEqual({ pricingModel: null });
    expect(messageOf(changeRequestSchema, { pricingModel: 'lifetime' })).toBe('Unknown pricing model');
  });

  it('drops fields an owner may not change', () => {
    expect(changeRequestSchema.parse({ name: 'X', isPremium: true, qualityScore: 10, status: 'approved' })).toEqual({
      name: 'X',
    });
  });
});

describe('userUpdateSchema', () => {
  it('accepts any subset of the manageable fields', () => {
    expect(userUpdateSchema.parse({})).toEqual({});
    expect(userUpdateSchema.parse({ role: 'staff', isAdmin: true, isPremium: false, accountStatus: 'banned' })).toEqual(
      {
        role: 'staff',
        isAdmin: true,
        isPremium: false,
        accountStatus: 'banned',
      },
    );
  });

  it('refuses unknown roles and statuses', () => {
    expect(messageOf(userUpdateSchema, { role: 'superuser' })).toBe('Unknown role');
    expect(messageOf(userUpdateSchema, { accountStatus: 'frozen' })).toBe('Unknown account status');
    for (const role of ['user', 'guest_reviewer', 'staff', 'admin'])
      expect(userUpdateSchema.parse({ role })).toEqual({ role });
  });

  it('reads the suspension end as a date, and clears it with null', () => {
    expect(userUpdateSchema.parse({ suspendedUntil: '2026-02-01T00:00:00Z' }).suspendedUntil).toEqual(
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(userUpdateSchema.parse({ suspendedUntil: null, suspensionReason: null })).toEqual({
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(messageOf(userUpdateSchema, { suspendedUntil: 'garbage' })).toBe('Invalid suspension end date');
  });

  it('trims the reason and limits it to 1000 characters', () => {
    expect(userUpdateSchema.parse({ suspensionReason: ' Spam ' })).toEqual({ suspensionReason: 'Spam' });
    expect(userUpdateSchema.safeParse({ suspensionReason: 'r'.repeat(1001) }).success).toBe(false);
  });
});

describe('blogPostSchema', () => {
  it('accepts a post with title and content', () => {
    expect(blogPostSchema.parse({ title: ' Hello ', content: '<p>Hi</p>' })).toEqual({
      title: 'Hello',
      content: '<p>Hi</p>',
    });
  });

  it('wants a title and content', () => {
    expect(messageOf(blogPostSchema, { content: '<p>Hi</p>' })).toBe('Title is required');
    expect(messageOf(blogPostSchema, { title: '  ', content: '<p>Hi</p>' })).toBe('Title is required');
    expect(messageOf(blogPostSchema, { title: 'Hello', content: ' ' })).toBe('Content is required');
    expect(messageOf(blogPostSchema, { title: 't'.repeat(256), content: 'x' })).toBe(
      'Title must be less than 255 characters',
    );
  });

  it('takes draft or published only', () => {
    expect(blogPostSchema.parse({ title: 'T', content: 'C', status: 'draft' }).status).toBe('draft');
    expect(blogPostSchema.parse({ title: 'T', content: 'C', status: 'published' }).status).toBe('published');
    expect(messageOf(blogPostSchema, { title: 'T', content: 'C', status: 'archived' })).toBe(
      'Status must be draft or published',
    );
  });

  it('takes a category from the fixed list only (or none), and never a read time: the server computes it', () => {
    for (const category of POST_CATEGORIES)
      expect(blogPostSchema.parse({ title: 'T', content: 'C', category }).category).toBe(category);
    expect(blogPostSchema.parse({ title: 'T', content: 'C', category: '' }).category).toBe('');
    expect(blogPostSchema.parse({ title: 'T', content: 'C', category: null }).category).toBeNull();
    for (const category of ['Gossip', 'guides', 'AI\0', 'c'.repeat(101), 5]) {
      expect(messageOf(blogPostSchema, { title: 'T', content: 'C', category })).toBe(
        MSG.postCategoryUnknown(POST_CATEGORIES),
      );
    }
    expect(blogPostSchema.parse({ title: 'T', content: 'C', readTime: '9 min read' })).not.toHaveProperty('readTime');
  });

  it('splits tags on commas and checks the featured image url', () => {
    expect(blogPostSchema.parse({ title: 'T', content: 'C', tags: ' ai, , tools ' }).tags).toEqual(['ai', 'tools']);
    expect(blogPostSchema.parse({ title: 'T', content: 'C', featuredImage: '' }).featuredImage).toBe('');
    expect(blogPostSchema.parse({ title: 'T', content: 'C', featuredImage: null }).featuredImage).toBeNull();
    expect(messageOf(blogPostSchema, { title: 'T', content: 'C', featuredImage: 'javascript:alert(1)' })).toBe(
      'Please enter a valid URL',
    );
    // An uploaded image is named by its path under /uploads/posts/, and nothing else there is taken.
    const uploaded = `/uploads/posts/${crypto.randomUUID()}.webp`;
    expect(blogPostSchema.parse({ title: 'T', content: 'C', featuredImage: uploaded }).featuredImage).toBe(uploaded);
    for (const featuredImage of ['/uploads/posts/../logos/a.webp', '/uploads/logos/a.webp', '/etc/passwd']) {
      expect(messageOf(blogPostSchema, { title: 'T', content: 'C', featuredImage })).toBe('Please enter a valid URL');
    }
  });
});

describe('firstIssue', () => {
  it('is the first message of a failed parse', () => {
    const result = loginSchema.safeParse({ email: 'nope', password: '1' });
    expect(result.success).toBe(false);
    expect(firstIssue(result.error!)).toBe('Invalid email address');
  });

  it("is 'Invalid input' when there is no issue", () => {
    expect(firstIssue(new z.ZodError([]))).toBe('Invalid input');
  });
});

describe('list inputs of the wrong type', () => {
  it('are refused by zod instead of crashing the split', async () => {
    const { toolUpdateSchema, changeRequestSchema, blogPostSchema } = await import('../../lib/schemas');
    expect(changeRequestSchema.safeParse({ tags: 5 }).success).toBe(false);
    expect(changeRequestSchema.safeParse({ tags: [1] }).success).toBe(false);
    expect(changeRequestSchema.safeParse({ targetAudience: {} }).success).toBe(false);
    expect(toolUpdateSchema.safeParse({ screenshots: 7 }).success).toBe(false);
    expect(blogPostSchema.safeParse({ title: 'T', content: '<p>x</p>', tags: 3 }).success).toBe(false);
    expect(changeRequestSchema.safeParse({ tags: 'design, marketing' }).data?.tags).toEqual(['design', 'marketing']);
  });
});

describe('control characters (docs/decisions/0025-text-input.md)', () => {
  // A NUL cuts a stored value short; the rest are invisible, never typed, and break e-mails and logs.
  const inLine = [
    '\0',
    '\u0007',
    '\t',
    '\n',
    '\r',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009b',
    '\ud800',
    '\udfff',
    '\ufffe',
    '\uffff',
    '\u{10ffff}',
  ];
  const inText = ['\0', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\ud800', '\ufffe', '\uffff'];
  const nameRefused = 'Tool name must not contain invisible control characters';

  it('refuses them in a submission name, and in the middle of a description, with the field named', () => {
    const valid = {
      name: 'Notion AI',
      url: 'https://notion.so',
      description: 'Write, summarise and plan.',
      tags: ['design'],
    };
    for (const c of inLine)
      expect(messageOf(submissionSchema, { ...valid, name: `Nul${c}Byte` }), JSON.stringify(c)).toBe(nameRefused);
    for (const c of inText) {
      expect(messageOf(submissionSchema, { ...valid, description: `A good${c} description.` }), JSON.stringify(c)).toBe(
        'Description must not contain invisible control characters',
      );
    }
    expect(messageOf(submissionSchema, { ...valid, url: 'https://notion.so/a\0b' })).toBe('Please enter a valid URL');
    expect(messageOf(submissionSchema, { ...valid, url: 'https://notion.so/a\u0085' })).toBe(
      'Please enter a valid URL',
    );
  });

  it('keeps tabs and line breaks inside multi-line fields, and any real character anywhere', () => {
    const valid = { name: 'Crème Brûlée 😀 日本語', url: 'https://notion.so', tags: ['design'] };
    const description = 'First line,\r\nsecond line\tand a tab. Emoji 👩‍💻, accents é, RTL עברית.';
    expect(submissionSchema.parse({ ...valid, description })).toMatchObject({ name: valid.name, description });
    expect(editorialReviewSchema.parse({ curatorTake: 'Good.\n\nReally good.', qualityScore: 8 }).curatorTake).toBe(
      'Good.\n\nReally good.',
    );
  });

  it('refuses them in the sign-in forms: names, e-mail and a new password', () => {
    const valid = { email: 'ada@example.com', password: 'secret1' };
    expect(messageOf(registerSchema, { ...valid, firstName: 'A\0da' })).toBe(
      'First name must not contain invisible control characters',
    );
    expect(messageOf(registerSchema, { ...valid, lastName: 'Love\u0085lace' })).toBe(
      'Last name must not contain invisible control characters',
    );
    expect(messageOf(registerSchema, { ...valid, email: 'ada\0@example.com' })).toBe('Invalid email address');
    expect(messageOf(registerSchema, { ...valid, password: 'secret\0' })).toBe(
      'Password must not contain invisible control characters',
    );
    // Signing in only compares the password, so an old one is never refused by its characters.
    expect(loginSchema.parse({ ...valid, password: 'secret\0' }).password).toBe('secret\0');
  });

  it('refuses them in every field of a change request', () => {
    expect(messageOf(changeRequestSchema, { name: 'A\u0000' })).toBe(nameRefused);
    expect(messageOf(changeRequestSchema, { description: 'A long enough \u0000 text' })).toBe(
      'Description must not contain invisible control characters',
    );
    expect(messageOf(changeRequestSchema, { targetAudience: 'designers, de\u0007velopers' })).toBe(
      'Target audience must not contain invisible control characters',
    );
    expect(messageOf(changeRequestSchema, { url: 'https://example.com/\u0000' })).toBe('Please enter a valid URL');
  });

  it('refuses them in the admin tool edit, the review, the rejection and the unlist reason', () => {
    expect(messageOf(toolUpdateSchema, { name: 'X\0' })).toBe(nameRefused);
    expect(messageOf(toolUpdateSchema, { curatorTake: 'Fine\0' })).toBe(
      'Curator take must not contain invisible control characters',
    );
    expect(messageOf(toolUpdateSchema, { targetAudience: ['ok', 'b\u009b'] })).toBe(
      'Target audience must not contain invisible control characters',
    );
    expect(messageOf(toolUpdateSchema, { screenshots: 'https://example.com/a\0.png' })).toBe(
      MSG.imageAddressInvalid('Screenshot'),
    );
    expect(messageOf(toolUpdateSchema, { videoUrl: 'https://youtu.be/dQw4w9WgXcQ\u0000' })).toBe(
      MSG.videoHostUnsupported,
    );
    expect(messageOf(editorialReviewSchema, { curatorTake: 'Great\0', qualityScore: 8 })).toBe(
      'Curator take must not contain invisible control characters',
    );
    expect(messageOf(rejectSchema, { rejectionReason: 'Spam\0' })).toBe(
      'Rejection reason must not contain invisible control characters',
    );
    expect(messageOf(unlistSchema, { reason: 'Gone\u0000' })).toBe(
      'Reason must not contain invisible control characters',
    );
    expect(messageOf(rejectChangeSchema, { reason: 'No\u0000' })).toBe(
      'Reason must not contain invisible control characters',
    );
  });

  it('refuses them in the user update reason', () => {
    expect(messageOf(userUpdateSchema, { suspensionReason: 'Spam\0' })).toBe(
      'Suspension reason must not contain invisible control characters',
    );
  });

  it('refuses them in every text field of a blog post, and keeps line breaks in content and excerpt', () => {
    const valid = { title: 'Hello', content: '<p>Hi</p>\n<p>There</p>' };
    expect(blogPostSchema.parse({ ...valid, excerpt: 'One\ntwo' })).toMatchObject({
      content: valid.content,
      excerpt: 'One\ntwo',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'He\0llo' }, 'Title'],
      [{ content: '<p>\0</p>' }, 'Content'],
      [{ excerpt: 'E\u0000' }, 'Excerpt'],
      [{ slug: 'he\0llo' }, 'Slug'],
      [{ tags: 'ai, to\u0000ols' }, 'Tags'],
    ];
    for (const [values, label] of cases) {
      expect(messageOf(blogPostSchema, { ...valid, ...values })).toBe(
        `${label} must not contain invisible control characters`,
      );
    }
  });
});

describe('size caps on admin and account text (docs/decisions/0025-text-input.md)', () => {
  it('caps the curator take at 2000 characters', () => {
    expect(editorialReviewSchema.parse({ curatorTake: 't'.repeat(2000), qualityScore: 5 }).curatorTake).toHaveLength(
      2000,
    );
    expect(messageOf(editorialReviewSchema, { curatorTake: 't'.repeat(2001), qualityScore: 5 })).toBe(
      'Curator take must be at most 2000 characters',
    );
    expect(messageOf(toolUpdateSchema, { curatorTake: 't'.repeat(2001) })).toBe(
      'Curator take must be at most 2000 characters',
    );
  });

  it('caps every reason at 1000 characters', () => {
    expect(rejectSchema.parse({ rejectionReason: 'r'.repeat(1000) }).rejectionReason).toHaveLength(1000);
    expect(messageOf(rejectSchema, { rejectionReason: 'r'.repeat(1001) })).toBe(
      'Rejection reason must be at most 1000 characters',
    );
    expect(messageOf(unlistSchema, { reason: 'r'.repeat(1001) })).toBe('Reason must be at most 1000 characters');
    expect(messageOf(rejectChangeSchema, { reason: 'r'.repeat(1001) })).toBe('Reason must be at most 1000 characters');
    expect(userUpdateSchema.parse({ suspensionReason: 'r'.repeat(1000) }).suspensionReason).toHaveLength(1000);
    expect(messageOf(userUpdateSchema, { suspensionReason: 'r'.repeat(1001) })).toBe(
      'Suspension reason must be at most 1000 characters',
    );
  });

  it('caps list items at 100 characters and lists at 20 items', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `group ${i}`);
    expect(toolUpdateSchema.parse({ targetAudience: twenty }).targetAudience).toHaveLength(20);
    expect(messageOf(toolUpdateSchema, { targetAudience: [...twenty, 'one more'] })).toBe(
      'Target audience can have at most 20 items',
    );
    expect(messageOf(changeRequestSchema, { targetAudience: 'a'.repeat(101) })).toBe(
      'Target audience must be at most 100 characters',
    );
    expect(messageOf(blogPostSchema, { title: 'T', content: 'C', tags: [...twenty, 'x'].join(',') })).toBe(
      'Tags can have at most 20 items',
    );
  });

  it('caps blog excerpt, content and the short post fields with messages', () => {
    const post = { title: 'T', content: 'C' };
    expect(messageOf(blogPostSchema, { ...post, excerpt: 'e'.repeat(1001) })).toBe(
      'Excerpt must be at most 1000 characters',
    );
    expect(blogPostSchema.parse({ ...post, content: 'c'.repeat(200_000) }).content).toHaveLength(200_000);
    expect(messageOf(blogPostSchema, { ...post, content: 'c'.repeat(200_001) })).toBe(
      'Content must be at most 200000 characters',
    );
    expect(messageOf(blogPostSchema, { ...post, slug: 's'.repeat(256) })).toBe('Slug must be at most 255 characters');
  });

  it('caps names, e-mail and password with messages', () => {
    const valid = { email: 'ada@example.com', password: 'secret1' };
    expect(messageOf(registerSchema, { ...valid, firstName: 'a'.repeat(101) })).toBe(
      'First name must be at most 100 characters',
    );
    expect(messageOf(registerSchema, { ...valid, password: 'p'.repeat(201) })).toBe(
      'Password must be at most 200 characters',
    );
    expect(messageOf(registerSchema, { ...valid, email: `${'a'.repeat(250)}@example.com` })).toBe(
      'Invalid email address',
    );
  });
});
