import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';

/** Page object of the machine inspector (/inspector): machine list, statechart, live actors, coverage. */

export class InspectorPage {
  readonly heading: Locator;
  readonly machines: Locator;
  readonly diagram: Locator;
  readonly viewport: Locator;
  readonly zoom: Locator;
  readonly exportSvg: Locator;
  readonly coverageFile: Locator;
  readonly coverageError: Locator;
  readonly liveActors: Locator;
  readonly liveEvents: Locator;
  readonly liveCurrentState: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lang, 'inspector:title') });
    this.machines = page.getByRole('navigation', { name: t(lang, 'inspector:machines.heading') });
    this.diagram = page.getByTestId('diagram-svg');
    this.viewport = page.getByTestId('diagram-viewport');
    this.zoom = page.getByText(/^Thu phóng \d+%$/);
    this.exportSvg = page.getByRole('button', { name: t(lang, 'inspector:diagram.export') });
    this.coverageFile = page.getByTestId('coverage-file');
    this.coverageError = page.getByTestId('coverage-error');
    this.liveActors = page.getByTestId('live-actors');
    this.liveEvents = page.getByTestId('live-events');
    this.liveCurrentState = page.getByTestId('live-current-state');
  }

  static async open(page: Page, lang: Lang = 'vi'): Promise<InspectorPage> {
    await page.goto(P('/inspector'));
    return new InspectorPage(page, lang);
  }

  /** Picks a machine in the list by its id (its title comes from the `machines` texts). */
  async chooseMachine(id: string): Promise<void> {
    await this.machines.getByRole('button', { name: new RegExp(t(this.lang, `machines:${id}.title`)) }).click();
  }

  /** A state's box in the drawn statechart; `data-marks` says active, covered, not-covered. */
  state(id: string): Locator {
    return this.diagram.locator(`[data-state-id="${id}"]`);
  }

  /** Live actors of a machine reported by other tabs, optionally only those on a given path. */
  actors(machine: string, onPath?: string): Locator {
    const actors = this.liveActors.locator(`[data-actor-machine="${machine}"]`);
    return onPath ? actors.filter({ hasText: onPath }) : actors;
  }

  /** Follows an actor live: the diagram marks its state, the event list fills. */
  async follow(actor: Locator): Promise<void> {
    await actor.getByRole('button', { name: t(this.lang, 'inspector:live.follow') }).click();
  }

  /** Waits for the layout (elkjs, in the page) to draw the diagram; a loaded CI machine may take a while. */
  async waitForDiagram(): Promise<void> {
    await expect(this.diagram).toBeVisible({ timeout: 30_000 });
  }
}
