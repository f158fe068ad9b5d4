// electron-builder.yml is checked offline against electron-builder's own JSON schema (a real build needs
// Electron's download, impossible here).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import Ajv from 'ajv';

const root = path.resolve(import.meta.dirname, '../..');
const config = yaml.load(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it("validates against electron-builder's configuration schema", () => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    const ok = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
    expect(validate({ ...config, asarUnpack: 42, notAnOption: true })).toBe(false);
  });

  it('targets every platform, unpacks native modules, and points at files that exist', () => {
    const targets = (key: string): unknown => (config[key] as { target: unknown }).target;
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('win')).toEqual(['nsis']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(config['asarUnpack']).toContain('**/*.node');
    expect(fs.existsSync(path.join(root, 'resources/icon.png'))).toBe(true);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      main: string;
      devDependencies: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect((config['extraMetadata'] as { main: string }).main).toBe(pkg.main);
    // Renderer-only libraries must not ship in the app's node_modules.
    for (const lib of ['react', 'react-dom', 'monaco-editor']) expect(pkg.dependencies[lib]).toBeUndefined();
    expect(pkg.devDependencies['electron']).toMatch(/45/);
  });
});

describe('Electron fuses', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect; loads only the checked asar; encrypts cookies', () => {
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });
});
