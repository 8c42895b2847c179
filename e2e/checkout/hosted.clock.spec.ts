import { expectNoAxeViolations } from '../support/axe';
import { resetSandboxClockAroundTests } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { HostedCheckoutPage, linkMerchant, makeLink } from '../pages/checkout';

// the hosted checkout page: a link lives 24 hours (D146); after that the page shows it
// expired and offers no way to pay. Moves the sandbox clock, hence the `clock` project.

resetSandboxClockAroundTests();

test('contract §B: an expired link shows its state instead of the methods (vi and en)', async ({ page, sandbox }, info) => {
  test.slow();
  const m = await linkMerchant(await sandbox.createMerchant());
  const link = await makeLink(m, 'DH-EXP-1', 120_000);
  await sandbox.advanceClock(24 * 60 * 60 + 5);
  const s = await HostedCheckoutPage.open(page, link.url);
  await expect(s.expired).toContainText(s.tx('view.expiredTitle'));
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByTestId('hosted-back')).toHaveAttribute('href', /^https:\/\//);
  await expectNoAxeViolations(page, 'hosted checkout, expired (vi)', info);
  await s.switchLanguage('en');
  await expect(s.expired).toContainText(s.tx('view.expiredTitle'));
  await expectNoAxeViolations(page, 'hosted checkout, expired (en)', info);
});
