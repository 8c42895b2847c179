import { describe, expect, it } from 'vitest';
import { defineForm } from './form';

interface Values {
  name: string;
  phone: string;
  password: string;
}

const kit = defineForm<Values, 'name' | 'phone', 'required' | 'tooLong'>({
  rules: {
    name: (value) => (value.trim() === '' ? 'required' : value.length > 5 ? 'tooLong' : null),
    phone: (value) => (value === '' ? 'required' : null),
  },
  immediate: ['tooLong'],
  fieldCodes: { PHONE_IS_EXIST: 'phone' },
  forgetOnFailure: ['password'],
});

const start = kit.initial({ name: '', phone: '', password: '' });

describe('defineForm (D283)', () => {
  it('validates from the rule map, in screen order', () => {
    expect(kit.fields).toEqual(['name', 'phone']);
    expect(kit.errors(start.values)).toEqual({ name: 'required', phone: 'required' });
    expect(kit.valid({ name: 'An', phone: '09', password: '' })).toBe(true);
  });

  it('shows a problem once Save was refused, an immediate one at once', () => {
    expect(kit.shown(start)).toEqual({});
    const long = kit.change(start, 'name', 'Nguyễn Văn');
    expect(kit.shown(long)).toEqual({ name: { source: 'rule', code: 'tooLong' } });
    const refused = kit.refuse(long);
    expect(refused.refusals).toBe(1);
    expect(kit.shown(refused)).toEqual({ name: { source: 'rule', code: 'tooLong' }, phone: { source: 'rule', code: 'required' } });
  });

  it('shows a left field with showOnBlur only', () => {
    const onBlur = defineForm<Values, 'name', 'required'>({ rules: { name: (v) => (v === '' ? 'required' : null) }, showOnBlur: true });
    const form = onBlur.initial({ name: '', phone: '', password: '' });
    expect(onBlur.shown(onBlur.blur(form, 'name'))).toEqual({ name: { source: 'rule', code: 'required' } });
    expect(kit.shown(kit.blur(start, 'name'))).toEqual({});
  });

  it('keeps what was typed on a failed save; a field code beside its field until it changes', () => {
    const typed = kit.change(kit.change(kit.change(start, 'name', 'An'), 'phone', '0977'), 'password', 'secret');
    const failed = kit.failed(kit.saving(typed), { code: 'PHONE_IS_EXIST' });
    expect(failed.values).toEqual({ name: 'An', phone: '0977', password: '' });
    expect(failed.saveError).toBeNull();
    expect(kit.shown(failed)).toEqual({ phone: { source: 'service', code: 'PHONE_IS_EXIST' } });
    expect(kit.shown(kit.change(failed, 'name', 'Anh'))).toEqual({ phone: { source: 'service', code: 'PHONE_IS_EXIST' } });
    expect(kit.shown(kit.change(failed, 'phone', '0978'))).toEqual({});
  });

  it('sends any other code to the alert, cleared by typing or kept until the next save', () => {
    const failed = kit.failed(kit.change(start, 'name', 'An'), new Error('offline'));
    expect(failed.saveError).toBe('UNKNOWN_ERROR');
    expect(failed.values.name).toBe('An');
    expect(kit.change(failed, 'name', 'Anh').saveError).toBeNull();
    const keeping = defineForm<Values, 'name', 'required'>({ rules: { name: () => null }, keepSaveErrorWhileTyping: true });
    const kept = keeping.failed(keeping.initial(start.values), { code: 'X' });
    expect(keeping.change(kept, 'name', 'B').saveError).toBe('X');
    expect(keeping.saving(kept).saveError).toBeNull();
  });

  it('ignores a field code that is only an inherited property name', () => {
    expect(kit.failed(start, { code: 'toString' }).saveError).toBe('toString');
  });

  it('takes a whole-form check from the rules, in the order given, and shows problems once a save started', () => {
    const whole = defineForm<Values, 'phone' | 'password', 'required'>({
      fields: ['phone', 'password'],
      validate: (v) => (v.phone === '' ? { phone: 'required', password: 'required' } : {}),
    });
    const form = whole.initial({ name: '', phone: '', password: '' });
    expect(whole.fields).toEqual(['phone', 'password']);
    expect(whole.valid(form.values)).toBe(false);
    expect(whole.shown(form)).toEqual({});
    expect(Object.keys(whole.shown(whole.saving(form)))).toEqual(['phone', 'password']);
  });
});
