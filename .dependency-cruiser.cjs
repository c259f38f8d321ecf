/* global module */
/**
 * No import circles anywhere: src/, scripts/, fakes/ and __tests__/. Type-only imports count too
 * (`tsPreCompilationDeps`): a circle of types still ties two files into one tangle.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes a folder one tangle: split the shared piece out.',
      from: { path: '^(src|scripts|fakes|__tests__)/' },
      to: { circular: true }
    }
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' }
  }
}
