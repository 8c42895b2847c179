import { describe, expect, it } from 'vitest';
import { INSPECTOR_PROTOCOL as SCREEN_PROTOCOL } from '../../screens/inspector/live';
import { INSPECTOR_PROTOCOL } from '../../services/shared/inspection';

describe('inspector protocol', () => {
  it('the reporter of the portal tabs speaks the protocol the inspector screen reads', () => {
    expect(SCREEN_PROTOCOL).toBe(INSPECTOR_PROTOCOL);
  });
});
