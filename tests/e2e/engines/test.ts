import { basename } from 'node:path';
import { test as base } from '@playwright/test';
import { chromiumDriver } from './chromium.ts';
import { DEFAULT_SETTINGS, Person, type BrowserSettings, type Driver, type EngineName } from './engine.ts';
import { firefoxDriver } from './firefox.ts';
import { webkitDriver } from './webkit.ts';

const drivers: Record<EngineName, (worker: { parallelIndex: number }) => Promise<Driver>> = { chromium: chromiumDriver, firefox: firefoxDriver, webkit: webkitDriver };

/**
 * The cross-engine flows' `test`: `engine` is the project's engine (playwright.config.ts), and
 * `person()` starts a browser of it with its own cookies, closed when the test ends.
 */
export const test = base.extend<
  { person: (settings?: Partial<BrowserSettings>) => Promise<Person> },
  { engine: EngineName; driver: Driver }
>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  driver: [
    async ({ engine }, provide, workerInfo) => {
      const driver = await drivers[engine](workerInfo);
      await provide(driver);
      await driver.close();
    },
    { scope: 'worker' },
  ],
  person: async ({ driver }, provide, testInfo) => {
    const people: Person[] = [];
    await provide(async (settings) => {
      const person = new Person(await driver.launch({ ...DEFAULT_SETTINGS, ...settings }));
      people.push(person);
      return person;
    });
    // A failure keeps what each window showed (these drivers have no trace), beside its error-context.md.
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [index, person] of people.entries()) {
        for (const path of await person.evidence((window, extension) => testInfo.outputPath(`person-${index + 1}-window-${window}.${extension}`))) {
          await testInfo.attach(basename(path), { path });
        }
      }
    }
    await Promise.all(people.map((person) => person.close()));
  },
});

export { expect } from '@playwright/test';
