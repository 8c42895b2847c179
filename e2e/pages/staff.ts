import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';

/** Page object of the staff area: the list /staff, the forms /staff/add and /staff/update?id=, the delete dialog. */

export interface NewStaffInput {
  staffId: string;
  fullName: string;
  phone: string;
  email: string;
  store: string;
  address: string;
  password: string;
}

export class StaffPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly skeletons: Locator;
  readonly add: Locator;
  readonly addForm: Locator;
  readonly editForm: Locator;
  readonly staffId: Locator;
  readonly fullName: Locator;
  readonly phone: Locator;
  readonly email: Locator;
  readonly store: Locator;
  readonly address: Locator;
  readonly password: Locator;
  readonly passwordToggle: Locator;
  readonly oldPassword: Locator;
  readonly newPassword: Locator;
  readonly submitAdd: Locator;
  readonly save: Locator;
  readonly submitError: Locator;
  readonly ownerOnly: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.skeletons = this.table.getByTestId('skeleton-row');
    this.add = page.getByRole('link', { name: tx('list.add') });
    this.addForm = page.getByRole('form', { name: tx('form.addTitle') });
    this.editForm = page.getByRole('form', { name: tx('form.editTitle') });
    this.staffId = page.getByTestId('staff-id');
    this.fullName = page.getByTestId('staff-name');
    this.phone = page.getByTestId('staff-phone');
    this.email = page.getByTestId('staff-email');
    this.store = page.getByTestId('store-filter');
    this.address = page.getByTestId('staff-address');
    this.password = page.getByTestId('staff-password');
    this.passwordToggle = page.getByTestId('staff-password-toggle');
    this.oldPassword = page.getByTestId('staff-old-password');
    this.newPassword = page.getByTestId('staff-new-password');
    this.submitAdd = page.getByRole('button', { name: tx('form.add'), exact: true });
    this.save = page.getByRole('button', { name: tx('form.save'), exact: true });
    this.submitError = page.getByTestId('staff-submit-error');
    // A staff-type user never reaches the staff screens: the shell shows the shared owner-only note (D88).
    this.ownerOnly = page.getByTestId('owner-only-note');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
  }

  /** A text of the staff namespace in the page's language. */
  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `staff:${key}`, params);
  }

  /** Opens /staff (already signed in), answers the cookie banner and waits for the rows. */
  static async open(page: Page, lang: Lang = 'vi'): Promise<StaffPage> {
    await page.goto(P('/staff'));
    const staff = new StaffPage(page, lang);
    await expect(staff.heading).toBeVisible({ timeout: 15_000 });
    await acceptCookies(page, lang);
    await expect(staff.skeletons).toHaveCount(0, { timeout: 15_000 });
    return staff;
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  editButton(name: string, id: string): Locator {
    return this.page.getByRole('link', { name: this.tx('list.editLabel', { name, id }) });
  }

  deleteButton(name: string, id: string): Locator {
    return this.page.getByRole('button', { name: this.tx('list.deleteLabel', { name, id }) });
  }

  /** A field's message as the form shows it (staff:validation.*). */
  message(key: string): Locator {
    return this.page.getByText(this.tx(`validation.${key}`), { exact: true });
  }

  async openAdd(): Promise<void> {
    await this.add.click();
    await expect(this.page).toHaveURL(/\/portal\/staff\/add$/);
    await expect(this.addForm).toBeVisible();
  }

  async pickStore(name: string): Promise<void> {
    await this.store.click();
    await this.store.fill(name.split(' - ').pop()!);
    await this.page.getByRole('option', { name }).click();
  }

  async fillAdd(s: NewStaffInput): Promise<void> {
    await this.staffId.fill(s.staffId);
    await this.fullName.fill(s.fullName);
    await this.phone.fill(s.phone);
    await this.email.fill(s.email);
    await this.pickStore(s.store);
    await this.address.fill(s.address);
    await this.password.fill(s.password);
  }

  /** Adds a staff member through the form and waits for the list with them in it. */
  async addStaff(s: NewStaffInput): Promise<void> {
    await this.openAdd();
    await this.fillAdd(s);
    await this.submitAdd.click();
    await expect(this.page).toHaveURL(/\/portal\/staff$/, { timeout: 15_000 });
    await expect(this.page.getByText(this.tx('form.addedTitle'), { exact: true })).toBeVisible();
    await expect(this.rowOf(s.email)).toHaveCount(1, { timeout: 15_000 });
  }
}
