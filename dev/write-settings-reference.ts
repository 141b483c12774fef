// `npm run settings-reference`: writes docs/settings.md from lib/platform/settings/config.ts (dev/settings-reference.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTINGS_REFERENCE_PATH, settingsReference } from './settings-reference.ts';

writeFileSync(fileURLToPath(new URL(`../${SETTINGS_REFERENCE_PATH}`, import.meta.url)), settingsReference());
console.log(`${SETTINGS_REFERENCE_PATH}: written from lib/platform/settings/`);
