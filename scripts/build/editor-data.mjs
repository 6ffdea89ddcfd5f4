// What editors read to complete and document the elements in HTML, generated from the manifest:
// - vscode.html-custom-data.json: VS Code's HTML custom data (settings "html.customData");
// - web-types.json: JetBrains IDEs' web-types (package.json "web-types" points at it).
// Attribute values are listed where the type is a union of string literals ('light' | 'dark' | 'auto').

/** Fields that are inputs with an attribute. */
const inputs = (declaration) =>
  (declaration.members ?? []).filter(
    (m) => m.kind === 'field' && m.attribute && (!m.privacy || m.privacy === 'public'),
  );

/** The string literals of a type such as `'hash' | 'memory' | undefined`, or []. */
function literals(typeText = '') {
  const parts = typeText
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== 'undefined');
  return parts.length > 0 && parts.every((part) => /^'[^']*'$/.test(part))
    ? parts.map((part) => part.slice(1, -1))
    : [];
}

const docsLink = (tag) => `docs/elements.md#${tag}`;

export function vscodeData(declarations) {
  return {
    version: 1.1,
    tags: declarations.map((d) => ({
      name: d.tagName,
      description: [d.summary, d.description].filter(Boolean).join('\n\n'),
      attributes: inputs(d).map((m) => {
        const values = literals(m.type?.text);
        return {
          name: m.attribute,
          description: m.description ?? '',
          ...(values.length ? { values: values.map((name) => ({ name })) } : {}),
        };
      }),
      references: [{ name: 'Reference', url: docsLink(d.tagName) }],
    })),
  };
}

export function webTypes(declarations, pkg) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: declarations.map((d) => ({
          name: d.tagName,
          description: [d.summary, d.description].filter(Boolean).join('\n\n'),
          'doc-url': docsLink(d.tagName),
          attributes: inputs(d).map((m) => {
            const values = literals(m.type?.text);
            const boolean = m.type?.text === 'boolean';
            return {
              name: m.attribute,
              description: m.description ?? '',
              value: boolean
                ? { type: 'boolean', required: false }
                : values.length
                  ? { type: 'enum', kind: 'plain' }
                  : { type: m.type?.text ?? 'string' },
              ...(values.length ? { values: values.map((name) => ({ name })) } : {}),
            };
          }),
          events: (d.events ?? []).map((e) => ({ name: e.name, description: e.description ?? '' })),
          slots: (d.slots ?? []).map((s) => ({ name: s.name, description: s.description ?? '' })),
          js: {
            properties: (d.members ?? [])
              .filter((m) => m.kind === 'field' && (!m.privacy || m.privacy === 'public'))
              .map((m) => ({ name: m.name, description: m.description ?? '', type: m.type?.text ?? 'unknown' })),
            events: (d.events ?? []).map((e) => ({ name: e.name, description: e.description ?? '' })),
          },
        })),
      },
    },
  };
}
