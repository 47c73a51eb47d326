export * from './outline';
export * from './prompt';
