import './zod-ko.ts';

export * from './errors.ts';
export * from './messages/ko.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/site.ts';
export * from './schemas/admin.ts';
export * from './schemas/seeds.ts';
export * from './schemas/slack.ts';
export * from './schemas/rooms.ts';
export * from './schemas/accounts.ts';
export * from './schemas/api-builder.ts';
export * from './catalogue.ts';
export * from './schemas/integrations.ts';
export * from './schemas/notifications.ts';
export * from './schemas/traffic.ts';
export * from './schemas/monitoring.ts';
export * from './app-routes.ts';
