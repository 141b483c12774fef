// `npm run latin-look-alikes`: writes lib/vocabulary/latin-look-alikes.ts from the installed confusables.
import { writeFileSync } from 'node:fs';
import { installedConfusables, LATIN_LOOK_ALIKES_PATH, latinLookAlikesModule } from './latin-look-alikes.ts';

const { confusables, source } = installedConfusables();
writeFileSync(LATIN_LOOK_ALIKES_PATH, latinLookAlikesModule(confusables, source));
console.log(`${LATIN_LOOK_ALIKES_PATH}: written from ${source}`);
