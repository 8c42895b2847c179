import { PDFDocument } from 'pdf-lib';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { TemplatePage } from '../pages/einvoice-template';

// /e-inv-template (doc 2 §2 gallery filter types and template setup; §5 and §9
// template logo: PDF, PNG or JPEG, at most 5 MB; D201).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('Issue 15: invoice templates (/e-inv-template)', () => {
  test('doc 2 §2: the filter types narrow the gallery; the setup form checks name, type and the logo by its bytes and size (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const tp = await TemplatePage.open(page, merchant);
    await expect(tp.cards).toHaveCount(8);
    await expectNoAxeViolations(page, 'template gallery (vi)', info);
    for (const [type, count] of [
      ['gtgt', 2],
      ['sale', 2],
      ['export', 1],
      ['service', 2],
      ['electronic', 1],
      ['all', 8],
    ] as const) {
      await tp.chooseFilter(type);
      await expect(tp.cards).toHaveCount(count);
      if (type !== 'all') for (const card of await tp.cards.all()) await expect(card).toHaveAttribute('data-type', type);
    }

    await tp.chooseFilter('service');
    await tp.cards.first().getByRole('button').click();
    await expect(tp.type).toHaveValue('service');
    // Required name: said beside the field, nothing else lost.
    await tp.type.selectOption('gtgt');
    await tp.submit.click();
    await expect(page.getByText(tp.tx('template.nameProblems.required'))).toBeVisible();
    await expect(tp.type).toHaveValue('gtgt');

    // A text file named .png is refused by its bytes; over 5 MB is refused by its size; a real PNG is taken.
    await tp.logo.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByText(tp.tx('template.logo.format', { name: 'fake.png' }))).toBeVisible();
    await tp.logo.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) });
    await expect(page.getByText(tp.tx('template.logo.size', { name: 'big.jpg', max: '5 MB' }))).toBeVisible();
    await tp.logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(tp.chosenLogo).toContainText('logo.png');
    // A refusal after a good logo keeps the good one.
    await tp.logo.setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
    await expect(page.getByText(tp.tx('template.logo.format', { name: 'note.pdf' }))).toBeVisible();
    await expect(tp.chosenLogo).toContainText('logo.png');
    await expectNoAxeViolations(page, 'template form with errors', info);

    await tp.name.fill('Mẫu <b>Phở Cổ</b>');
    await tp.submit.click();
    await expect(tp.summary).toContainText('Mẫu <b>Phở Cổ</b>');
    await expect(tp.summary).toContainText(tp.tx('template.types.gtgt'));
    await expect(tp.summary).toContainText('logo.png');
    await expect(tp.summary.getByRole('link', { name: 'M-Invoice' })).toHaveAttribute('target', '_blank');
    await expect(tp.summary.getByRole('heading', { name: tp.tx('template.summaryTitle') })).toBeVisible();

    // D255: what the setup showed is saved: after a reload the card is marked in use and
    // reopens with the saved name, type and logo.
    await page.reload();
    await expect(tp.heading).toBeVisible();
    await tp.chooseFilter('service');
    const inUse = tp.cards.filter({ has: page.getByTestId('template-in-use') });
    await expect(inUse).toHaveCount(1);
    await expect(inUse).toContainText(tp.tx('template.inUse'));
    await inUse.getByRole('button').click();
    await expect(tp.name).toHaveValue('Mẫu <b>Phở Cổ</b>');
    await expect(tp.type).toHaveValue('gtgt');
    await expect(tp.chosenLogo).toContainText(tp.tx('template.savedLogo', { name: 'logo.png', size: '1 KB' }));
    await expectNoAxeViolations(page, 'template form reopened (vi)', info);
  });

  test('issue 25 §8: a PDF logo is taken by its bytes; one the server cannot read is refused with everything typed kept (en, 375 px)', async ({
    page,
    sandbox,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const merchant = await sandbox.createMerchant();
    const tp = await TemplatePage.open(page, merchant, 'en');
    await expectNoAxeViolations(page, 'template gallery (en, 375)', info);
    await tp.cards.first().getByRole('button').click();
    await tp.logo.setInputFiles({
      name: 'logo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n'),
    });
    await expect(tp.chosenLogo).toContainText('logo.pdf');
    await tp.name.fill('Phở Cổ VAT');
    // Its first bytes say PDF, but it is no whole PDF: the backend decodes it and refuses it (D255).
    await tp.submit.click();
    const refused = page.getByTestId('template-save-failed');
    await expect(refused).toContainText(tp.tx('template.saveErrors.IMAGE_INVALID_FORMAT'));
    await expect(tp.name).toHaveValue('Phở Cổ VAT');
    await expect(tp.chosenLogo).toContainText('logo.pdf');
    await expectNoAxeViolations(page, 'template save refused (en, 375)', info);

    const pdf = await PDFDocument.create();
    pdf.addPage([120, 60]);
    await tp.logo.setInputFiles({ name: 'real.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await expect(tp.chosenLogo).toContainText('real.pdf');
    await tp.submit.click();
    await expect(tp.summary).toBeVisible();
    await expect(tp.summary).toContainText('real.pdf');
    await expectNoAxeViolations(page, 'template summary (en, 375)', info);
  });
});
