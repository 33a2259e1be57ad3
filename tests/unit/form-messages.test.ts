// The islands' forms check their values with the API's own zod schemas through react-hook-form's zod resolver:
// the messages land under the right fields in the form's order, and a dialog's single line shows the message the
// API would answer with.
import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { firstMessage, messageOf } from '../../site/components/form-messages';
import {
  changeRequestSchema,
  editorialReviewSchema,
  firstIssue,
  loginSchema,
  rejectSchema,
  submissionSchema,
  toolUpdateSchema,
  userUpdateSchema,
} from '../../lib/schemas';

/** The errors react-hook-form gets from the schema's resolver for these values (none when they pass). */
async function errorsOf(schema: z.ZodType, values: FieldValues): Promise<FieldErrors> {
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as Resolver<FieldValues>;
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors;
}

describe('messages under their fields', () => {
  it('gives each failing field of the submit form its first message, in the order of the form, and nothing to valid fields', async () => {
    const errors = await errorsOf(submissionSchema, {
      name: '  ',
      url: 'notaurl',
      description: 'short',
      tags: [],
      isPremium: 'false',
    });
    expect(Object.keys(errors)).toEqual(['name', 'url', 'description', 'tags']);
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, messageOf(error)]))).toEqual({
      name: 'Tool name is required',
      url: 'Please enter a valid URL',
      description: 'Description must be at least 10 characters',
      tags: 'Please select at least one category',
    });
  });

  it('leaves out the fields that passed', async () => {
    const errors = await errorsOf(loginSchema, { email: 'someone@example.com', password: '123' });
    expect(Object.keys(errors)).toEqual(['password']);
    expect(messageOf(errors.password)).toBe('Password must be at least 6 characters');
  });

  it('shows a list field the message of its first bad item', async () => {
    const errors = await errorsOf(changeRequestSchema, { tags: ['design', 'no-such-category'] });
    expect(messageOf(errors.tags)).toBe('Please select at least one category');
  });

  it('has no message for a field without an error', () => {
    expect(messageOf(undefined)).toBeUndefined();
    expect(firstMessage({})).toBeUndefined();
  });
});

describe("a dialog's single message line", () => {
  // What each dialog can be sent with, and the message the API answers the same values with (firstIssue).
  const cases: [string, z.ZodType, FieldValues][] = [
    ['a blank take', editorialReviewSchema, { curatorTake: '   ', qualityScore: 5 }],
    ['a blank rejection reason', rejectSchema, { rejectionReason: '' }],
    [
      'a change request with a bad URL and a short description',
      changeRequestSchema,
      { name: 'Ok', url: 'nope', description: 'short' },
    ],
    ['a tool edit with an unknown pricing model', toolUpdateSchema, { name: 'Ok', pricingModel: 'cheap' }],
    ['a tool edit with a bad demo video address', toolUpdateSchema, { videoUrl: 'javascript:alert(1)' }],
    [
      'a tool edit with too many screenshots',
      toolUpdateSchema,
      { screenshots: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}.png`).join(', ') },
    ],
    ['a user update with a control character in the reason', userUpdateSchema, { suspensionReason: 'spam\u0007' }],
  ];

  for (const [what, schema, values] of cases) {
    it(`is the API's message for ${what}`, async () => {
      const parsed = schema.safeParse(values);
      if (parsed.success) throw new Error('expected a failure');
      expect(firstMessage(await errorsOf(schema, values))).toBe(firstIssue(parsed.error));
    });
  }

  it("is the server's refusal once the call failed", () => {
    expect(firstMessage({ root: { server: { type: 'server', message: 'A request is already pending' } } })).toBe(
      'A request is already pending',
    );
  });
});
