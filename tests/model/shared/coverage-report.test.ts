import { describe, expect, it } from 'vitest';
import { escapeHtml, formatCoverageHtml } from './coverage-report';

describe('model coverage HTML page', () => {
  const html = formatCoverageHtml(
    [
      {
        machine: 'login',
        paths: [
          { description: 'reaches editing via USERNAME.CHANGE("<img src=x onerror=alert(1)>")', passed: true },
          { description: 'reaches locked via SUBMIT', passed: false, error: 'expected <locked> & got "editing"' },
        ],
        states: { total: 2, covered: ['login.editing'], notCovered: ['login.locked'] },
        transitions: {
          total: 2,
          covered: ['login.editing | SUBMIT [canSubmit] → login.submitting'],
          notCovered: ['login.locked | LOCK_MODAL.CLOSE → login.editing'],
        },
      },
    ],
    '2026-11-22T10:00:00.000Z',
  );

  it('escapes every text taken from the results', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('expected &lt;locked&gt; &amp; got &quot;editing&quot;');
    expect(html).not.toMatch(/<script/i);
  });

  it('shows per machine the paths with pass/fail and states and transitions covered or not', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h2 id="machine-login">login</h2>');
    expect(html).toContain('Paths: 1 passed, <span class="fail">1 failed</span> of 2.');
    expect(html).toContain('States: 1/2 (50.0%)');
    expect(html).toMatch(/✗ not covered<\/span><\/td><td><code>login\.locked<\/code>/);
    expect(html).toMatch(/✓ covered<\/span><\/td><td><code>login\.editing<\/code>/);
    expect(html).toContain('login.locked | LOCK_MODAL.CLOSE → login.editing');
    expect(html).toContain('<span class="fail">✗ fail</span>');
  });
});
