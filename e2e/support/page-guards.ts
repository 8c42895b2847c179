import type { Page } from '@playwright/test';

/** What a page's guards found: Content-Security-Policy violations and portal files that answered 404. */
export interface PageFindings {
  violations: string[];
  missing: string[];
}

/**
 * Records on `page`, into `findings`, every Content-Security-Policy violation (zod's eval probe once put
 * a `script-src eval` violation on every signed-in page) and every portal file that answers 404 (the
 * favicon did). The `page` fixture and the reused tab (D345) both check them after each test.
 */
export async function watchPageGuards(page: Page, findings: PageFindings): Promise<void> {
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    findings.violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() === 404 && (path.startsWith('/portal/') || path === '/favicon.ico')) findings.missing.push(path);
  });
}
