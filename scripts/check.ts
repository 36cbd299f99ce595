// `npm run check`: types, lint and formatting at the same time (scripts/lanes.ts): each is one
// busy thread and CI has two cores. Every line of output carries its check's name; a table of the
// three ends the run; exit code 1 when any failed (each still runs to its end).
import { runLanes, summary } from './lanes';

const checks = { typecheck: 'npm run typecheck', lint: 'npm run lint:code', format: 'npm run lint:format' };

const started = performance.now();
const results = await runLanes(Object.entries(checks).map(([name, command]) => ({ name, steps: [{ command }] })));
process.stdout.write(summary(results, (performance.now() - started) / 1000));
if (results.some((r) => r.outcome !== 'passed')) process.exit(1);
