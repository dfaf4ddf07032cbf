import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sourceDir = fileURLToPath(new URL('../src/', import.meta.url));

/** Whether a module-level value is a constant: a literal, a regular expression without g or y, a frozen literal list, or a function. */
function isConstant(node: ts.Expression): boolean {
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) return isConstant(node.expression);
  if (ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return true;
  if (ts.isPrefixUnaryExpression(node)) return isConstant(node.operand);
  // A regular expression with g or y keeps its lastIndex between calls.
  if (ts.isRegularExpressionLiteral(node)) return !/\/[a-z]*[gy][a-z]*$/.test(node.text);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((element) => ts.isExpression(element) && isConstant(element));
  const frozen = ts.isCallExpression(node) && node.expression.getText() === 'Object.freeze' && node.arguments.length === 1;
  return frozen && isConstant(node.arguments[0]!);
}

/** What a source file declares at module level that is not a constant (its line and text). */
function moduleState(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(`${sourceDir}${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const line = `${file}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1} ${statement.getText().split('\n')[0]}`;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) found.push(line);
    else if (statement.declarationList.declarations.some((declaration) => !declaration.initializer || !isConstant(declaration.initializer))) found.push(line);
  }
  return found;
}

describe('the package keeps no module state', () => {
  it('declares only constants at module level: no collator, cache, buffer or counter lives between calls', () => {
    const files = readdirSync(sourceDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(moduleState)).toEqual([]);
  });
});
