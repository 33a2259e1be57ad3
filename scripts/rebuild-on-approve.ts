// Runs the rebuild queue once from the command line (the server runs the same worker in the background).
import { runQueuedRebuild } from '../api/publishing/rebuild-worker';

const built = await runQueuedRebuild(undefined, 0);
console.log(built ? 'Rebuilt the site for the queued changes.' : 'Nothing queued.');
