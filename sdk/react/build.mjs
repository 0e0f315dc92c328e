import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });

const common = {
  entryPoints: ['src/index.js'],
  bundle: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // Classic runtime (React.createElement) works with every React >= 17, also under Node's native ESM.
  jsx: 'transform',
  jsxFactory: 'React.createElement',
  jsxFragment: 'React.Fragment',
  target: ['es2019'],
  platform: 'neutral',
  mainFields: ['module', 'main'],
  sourcemap: true,
  logLevel: 'info',
};

await build({ ...common, format: 'esm', outfile: 'dist/index.js' });
await build({ ...common, format: 'cjs', outfile: 'dist/index.cjs' });
