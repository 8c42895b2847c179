import { describe, expect, it } from 'vitest';
import { acceptsPointInput, categoryError, pointError, websiteError, websiteField, websiteRest, websiteUrl } from './wizard';

describe('onboarding wizard rules (doc 2 §5 sale settings, reward point)', () => {
  it('strips spaces and a pasted prefix from the website, and checks what is left', () => {
    expect(websiteRest(' order. phoco .vn ')).toBe('order.phoco.vn');
    expect(websiteRest('https://order.phoco.vn/menu')).toBe('order.phoco.vn/menu');
    expect(websiteUrl('order.phoco.vn')).toBe('https://order.phoco.vn');
    expect(websiteError('')).toBe('websiteRequired');
    expect(websiteError('   ')).toBe('websiteRequired');
    expect(websiteError('localhost')).toBe('websiteInvalid');
    expect(websiteError('order.phoco.vn/?q=1')).toBe('websiteInvalid');
    expect(websiteError('<script>.vn')).toBe('websiteInvalid');
    expect(websiteError(`a.vn/${'x'.repeat(200)}`)).toBe('websiteTooLong');
    expect(websiteError('order.phoco.vn:8443/dat-mon')).toBeNull();
    expect(websiteField('https://order.phoco.vn/')).toBe('order.phoco.vn');
    expect(websiteField(null)).toBe('');
  });

  it('takes digits with one optional decimal point for the points, 0..100 with 2 decimals', () => {
    for (const ok of ['', '5', '2.', '2.5', '12.75', '100']) expect(acceptsPointInput(ok), ok).toBe(true);
    for (const bad of ['a', '2e1', '-1', '1,5', '1.2.3', '1.234', '+3', ' 1', '１']) expect(acceptsPointInput(bad), bad).toBe(false);
    expect(pointError('')).toBe('pointRequired');
    expect(pointError('.')).toBe('pointRequired');
    expect(pointError('100.01')).toBe('pointRange');
    expect(pointError('250')).toBe('pointRange');
    expect(pointError('0')).toBeNull();
    expect(pointError('2.5')).toBeNull();
  });

  it('needs a visible category name of at most 50 characters without control characters', () => {
    expect(categoryError(' \u200B ')).toBe('categoryRequired');
    expect(categoryError('x'.repeat(51))).toBe('categoryTooLong');
    expect(categoryError('Đồ\u0007uống')).toBe('categoryControl');
    expect(categoryError(' Đồ uống ')).toBeNull();
  });
});
