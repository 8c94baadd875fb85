//! `rename_all` case styles, with serde's names and results.

/// One of serde's `rename_all` styles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Case {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The accepted spellings, for the parser and its error message.
pub(crate) const CASES: &[(&str, Case)] = &[
    ("lowercase", Case::Lower),
    ("UPPERCASE", Case::Upper),
    ("PascalCase", Case::Pascal),
    ("camelCase", Case::Camel),
    ("snake_case", Case::Snake),
    ("SCREAMING_SNAKE_CASE", Case::ScreamingSnake),
    ("kebab-case", Case::Kebab),
    ("SCREAMING-KEBAB-CASE", Case::ScreamingKebab),
];

impl Case {
    pub fn from_str(s: &str) -> Option<Case> {
        CASES.iter().find(|(n, _)| *n == s).map(|&(_, c)| c)
    }

    /// Renames a variant, written in PascalCase in the source.
    pub fn variant(self, v: &str) -> String {
        match self {
            Case::Pascal => v.to_owned(),
            Case::Lower => v.to_ascii_lowercase(),
            Case::Upper => v.to_ascii_uppercase(),
            Case::Camel => {
                let mut c = v.chars();
                c.next().map_or_else(String::new, |f| {
                    f.to_ascii_lowercase().to_string() + c.as_str()
                })
            }
            Case::Snake => {
                let mut s = String::new();
                for (i, ch) in v.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        s.push('_');
                    }
                    s.push(ch.to_ascii_lowercase());
                }
                s
            }
            Case::ScreamingSnake => Case::Snake.variant(v).to_ascii_uppercase(),
            Case::Kebab => Case::Snake.variant(v).replace('_', "-"),
            Case::ScreamingKebab => Case::ScreamingSnake.variant(v).replace('_', "-"),
        }
    }

    /// Renames a field, written in snake_case in the source.
    pub fn field(self, f: &str) -> String {
        match self {
            Case::Lower | Case::Snake => f.to_owned(),
            Case::Upper | Case::ScreamingSnake => f.to_ascii_uppercase(),
            Case::Pascal => {
                let mut s = String::new();
                let mut up = true;
                for ch in f.chars() {
                    if ch == '_' {
                        up = true;
                    } else if up {
                        s.push(ch.to_ascii_uppercase());
                        up = false;
                    } else {
                        s.push(ch);
                    }
                }
                s
            }
            Case::Camel => {
                let p = Case::Pascal.field(f);
                let mut c = p.chars();
                c.next().map_or_else(String::new, |f| {
                    f.to_ascii_lowercase().to_string() + c.as_str()
                })
            }
            Case::Kebab => f.replace('_', "-"),
            Case::ScreamingKebab => Case::ScreamingSnake.field(f).replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_like_serde() {
        let cases = [
            (Case::Lower, "verylongname"),
            (Case::Upper, "VERYLONGNAME"),
            (Case::Pascal, "VeryLongName"),
            (Case::Camel, "veryLongName"),
            (Case::Snake, "very_long_name"),
            (Case::ScreamingSnake, "VERY_LONG_NAME"),
            (Case::Kebab, "very-long-name"),
            (Case::ScreamingKebab, "VERY-LONG-NAME"),
        ];
        for (c, want) in cases {
            assert_eq!(c.variant("VeryLongName"), want);
        }
    }

    #[test]
    fn fields_like_serde() {
        let cases = [
            (Case::Lower, "very_long_name"),
            (Case::Upper, "VERY_LONG_NAME"),
            (Case::Pascal, "VeryLongName"),
            (Case::Camel, "veryLongName"),
            (Case::Snake, "very_long_name"),
            (Case::ScreamingSnake, "VERY_LONG_NAME"),
            (Case::Kebab, "very-long-name"),
            (Case::ScreamingKebab, "VERY-LONG-NAME"),
        ];
        for (c, want) in cases {
            assert_eq!(c.field("very_long_name"), want);
        }
    }
}
