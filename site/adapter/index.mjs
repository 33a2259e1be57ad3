// The Astro adapter of the one server build (docs/decisions/0032): its entry (entry.ts) exports `render`, which the
// Bun server and the exporter call with a Request (api/publishing/page-renderer.ts). Nothing else: the Bun server
// answers the files, the API and the sessions itself, so no host adapter (Node's, with its own server) is needed.
export default function renderAdapter() {
  return {
    name: 'directory-render',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'directory-render',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: { serverOutput: 'stable', staticOutput: 'stable', hybridOutput: 'stable' },
        });
      },
    },
  };
}
