export * from './model';
export * from './layout';
export * from './charset';
export * from './pdf';
export * from './docx';
export * from './prompt';
