export * from './client';
export * from './prompts';
