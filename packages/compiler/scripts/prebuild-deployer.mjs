// Part of `npm run build`: compiles assembly/deployer.ts once, so that installs of the package
// bundle contracts without running asc on the deployer. Its key lets a stale copy be ignored.
import { writeFileSync } from 'node:fs';
import { compileDeployerTemplate } from '../dist/compileDeployerTemplate.js';
import { deployerTemplateKey } from '../dist/deployerTemplateKey.js';
import { PREBUILT_TEMPLATE, PREBUILT_TEMPLATE_KEY } from '../dist/loadDeployerTemplate.js';

const bytes = await compileDeployerTemplate();
writeFileSync(PREBUILT_TEMPLATE, bytes);
writeFileSync(PREBUILT_TEMPLATE_KEY, `${JSON.stringify({ key: deployerTemplateKey() })}\n`);
console.log(`deployer template: ${bytes.length} bytes`);
