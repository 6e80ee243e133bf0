import { createApp, installApp, listInstallations, uninstallApp, type InstallationWithApp } from '../domain/apps/manage-apps.js';
import { dataRetainedUntil } from '../domain/apps/retention.js';
import { describe, type CommandModule } from './command.js';
import { listFlag, stringFlag } from './parse-command-line.js';

/** An installation as --json prints it. */
function installationJson(installation: InstallationWithApp, store: string) {
  const { uninstalledAt } = installation;
  return {
    id: installation.id,
    app: installation.app.slug,
    app_name: installation.app.name,
    store,
    scopes: installation.scopes,
    status: uninstalledAt ? 'uninstalled' : 'installed',
    installed_at: installation.createdAt.toISOString(),
    uninstalled_at: uninstalledAt?.toISOString() ?? null,
    data_retained_until: uninstalledAt ? dataRetainedUntil(uninstalledAt).toISOString() : null,
  };
}

function installationRows(installation: InstallationWithApp): [string, string | null][] {
  const json = installationJson(installation, '');
  return [
    ['id', String(json.id)],
    ['scopes', json.scopes.join(', ')],
    ['status', json.status],
    ['uninstalled', json.uninstalled_at],
    ['data kept until', json.data_retained_until],
  ];
}

export const appCreate: CommandModule = {
  async run(io, flags) {
    const ctx = await io.operator();
    const app = await createApp(ctx, { slug: stringFlag(flags, 'slug')!, name: stringFlag(flags, 'name')! });
    return {
      json: { id: app.id, slug: app.slug, name: app.name, namespace: `app.${app.slug}.` },
      text: describe(`Created app "${app.name}" (${app.slug})`, [['id', app.id]]),
    };
  },
};

export const appInstall: CommandModule = {
  async run(io, flags) {
    const ctx = await io.operator();
    const store = stringFlag(flags, 'store')!;
    const { installation, secret } = await installApp(ctx, { store, app: stringFlag(flags, 'app')!, scopes: listFlag(flags, 'scopes') ?? [] });
    return {
      json: { installation: installationJson(installation, store), key: secret },
      text: describe(
        `Installed app ${installation.app.slug} on store ${store}`,
        [...installationRows(installation), ['key', secret]],
        "The installation's key is shown only now; hand it to the app.",
      ),
    };
  },
};

export const appList: CommandModule = {
  async run(io, flags) {
    const ctx = await io.operator();
    const store = stringFlag(flags, 'store')!;
    const installations = await listInstallations(ctx, store);
    const lines = installations.map((i) => {
      const json = installationJson(i, store);
      const state = json.uninstalled_at ? `uninstalled ${json.uninstalled_at}, data kept until ${json.data_retained_until}` : 'installed';
      return `  ${json.id}  ${json.app}  ${state}  scopes: ${json.scopes.join(', ')}`;
    });
    return {
      json: { store, installations: installations.map((i) => installationJson(i, store)) },
      text: installations.length ? [`Apps of store ${store}`, ...lines].join('\n') : `Store ${store} has no apps installed.`,
    };
  },
};

export const appUninstall: CommandModule = {
  async run(io, flags) {
    const ctx = await io.operator();
    const store = stringFlag(flags, 'store')!;
    const installation = await uninstallApp(ctx, { store, app: stringFlag(flags, 'app')! });
    return {
      json: { installation: installationJson(installation, store) },
      text: describe(`Uninstalled app ${installation.app.slug} from store ${store}; its keys are revoked`, installationRows(installation)),
    };
  },
};
