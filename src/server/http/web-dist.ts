/**
 * Where the built web app lives (`npm start` builds it into dist/web). One place for the path, so that the
 * static files served (app.ts) and the deployment links that say whether the app is served (instance/) agree.
 */
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../project-root";

export const WEB_DIST = path.join(PROJECT_ROOT, "dist/web");

/** Whether a web build is there to serve (without one the server answers the API only, as under `npm run dev`). */
export const hasWebBuild = (): boolean => fs.existsSync(path.join(WEB_DIST, "index.html"));
