// `npm run demo`: plays the scripted session of examples/demo-session.ts on standard output.
import { playDemo } from './demo-session.ts';

process.exitCode = await playDemo((text) => process.stdout.write(text));
