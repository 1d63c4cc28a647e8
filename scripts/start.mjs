// `npm start`: build when needed, then run the one server process (web app + API).
import './build-if-needed.mjs';

await import('../dist/server/main.js');
