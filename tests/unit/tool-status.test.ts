// lib/tool-status.ts: the moves between a tool's statuses and which statuses each rule of the services admits.
import { describe, expect, it } from 'vitest';
import {
  TOOL_STATUSES,
  TOOL_TRANSITIONS,
  URL_HOLDING_STATUSES,
  canTransition,
  hasPublicPage,
  isApprovedSide,
  isEditableByStaff,
  slugFollowsName,
  takesChangeRequests,
  type ToolStatus,
} from '../../lib/tool-status';

describe("a tool's statuses and moves (SPEC.md section 4)", () => {
  it('approves or rejects pending tools only, unlists approved ones and lists unlisted ones again, discontinues approved or unlisted ones and revives discontinued ones', () => {
    const allowed = Object.fromEntries(
      TOOL_STATUSES.map((status) => [
        status,
        (Object.keys(TOOL_TRANSITIONS) as (keyof typeof TOOL_TRANSITIONS)[]).filter((move) =>
          canTransition(status, move),
        ),
      ]),
    );
    expect(allowed).toEqual({
      pending: ['approve', 'reject'],
      approved: ['unlist', 'discontinue'],
      rejected: [],
      unlisted: ['list', 'discontinue'],
      discontinued: ['revive'],
    });
    expect(Object.fromEntries(Object.entries(TOOL_TRANSITIONS).map(([move, { to }]) => [move, to]))).toEqual({
      approve: 'approved',
      reject: 'rejected',
      unlist: 'unlisted',
      list: 'approved',
      discontinue: 'discontinued',
      revive: 'approved',
    });
  });

  it('refuses every move from a status it does not know', () => {
    for (const move of Object.keys(TOOL_TRANSITIONS) as (keyof typeof TOOL_TRANSITIONS)[])
      expect(canTransition('archived', move)).toBe(false);
  });

  it('says which statuses are on the approved side, editable by staff, open to change requests and re-slugged by a rename', () => {
    const which = (rule: (status: ToolStatus) => boolean) => TOOL_STATUSES.filter(rule);
    expect(which(isApprovedSide)).toEqual(['approved', 'unlisted', 'discontinued']);
    expect(which(isEditableByStaff)).toEqual(['pending', 'approved', 'unlisted', 'discontinued']);
    expect(which(takesChangeRequests)).toEqual(['approved']);
    expect(which(slugFollowsName)).toEqual(['pending']);
  });

  it('gives a page to approved and discontinued tools, and lists only approved ones', () => {
    const which = (rule: (status: ToolStatus) => boolean) => TOOL_STATUSES.filter(rule);
    expect(which(hasPublicPage)).toEqual(['approved', 'discontinued']);
    expect(which((status) => URL_HOLDING_STATUSES.some((s) => s === status))).toEqual([
      'pending',
      'approved',
      'unlisted',
      'discontinued',
    ]);
  });
});
