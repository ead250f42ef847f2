// Package locales holds TableStakes' words in every language it speaks and the one small
// helper that pages, e-mails and calendars call to say them: one message file per language
// (en.toml, it.toml, fr.toml, de.toml), keyed by id with the English as the source, read by
// github.com/nicksnyder/go-i18n (CLDR plural rules; the files are what Weblate reads), and
// the language chosen with golang.org/x/text/language.
//
// Adding a language is copying en.toml to xx.toml and translating its values: the file's
// name is the language's tag, and Supported lists every file there is. Names of players,
// leagues and what people typed are never translated; JSON, CSV and the command line stay
// in the exact, dot-decimal forms of the contract whatever the language.
package locales

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed *.toml
var files embed.FS

// English is the source language: every message is written in it first, and a message
// missing from another language's file is said in English.
var English = language.English

// Lang is one language TableStakes speaks, with what formats its numbers and dates.
type Lang struct {
	// Tag is the language's BCP 47 tag; Code its short form ("it"), as `?lang=` takes it.
	Tag  language.Tag
	Code string
	loc  *i18n.Localizer
}

type catalogue struct {
	bundle  *i18n.Bundle
	langs   []Lang
	matcher language.Matcher
}

var load = sync.OnceValue(func() catalogue {
	c, err := parse(files)
	if err != nil {
		// The files are embedded and checked by the package's tests: a bad one is a build
		// that must not ship.
		panic("locales: " + err.Error())
	}
	return c
})

// parse reads every message file in fsys, English first.
func parse(fsys fs.FS) (catalogue, error) {
	bundle := i18n.NewBundle(English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	names, err := fs.Glob(fsys, "*.toml")
	if err != nil {
		return catalogue{}, err
	}
	slices.SortFunc(names, func(a, b string) int {
		// English first, so it leads Supported and wins the matcher's ties.
		switch {
		case a == "en.toml":
			return -1
		case b == "en.toml":
			return 1
		}
		return strings.Compare(a, b)
	})
	if len(names) == 0 || names[0] != "en.toml" {
		return catalogue{}, fmt.Errorf("no en.toml, the source of every message")
	}
	c := catalogue{bundle: bundle}
	tags := make([]language.Tag, 0, len(names))
	for _, name := range names {
		buf, err := fs.ReadFile(fsys, name)
		if err != nil {
			return catalogue{}, err
		}
		code := strings.TrimSuffix(path.Base(name), ".toml")
		tag, err := language.Parse(code)
		if err != nil {
			return catalogue{}, fmt.Errorf("%s: the file's name is not a language tag: %w", name, err)
		}
		if _, err := bundle.ParseMessageFileBytes(buf, name); err != nil {
			return catalogue{}, fmt.Errorf("%s: %w", name, err)
		}
		c.langs = append(c.langs, Lang{Tag: tag, Code: code, loc: i18n.NewLocalizer(bundle, code)})
		tags = append(tags, tag)
	}
	c.matcher = language.NewMatcher(tags)
	return c, nil
}

// Supported lists the languages there are message files for, English first.
func Supported() []Lang { return slices.Clone(load().langs) }

// Get returns the language whose code is code ("it"), and whether there is one.
func Get(code string) (Lang, bool) {
	for _, l := range load().langs {
		if l.Code == code {
			return l, true
		}
	}
	return Lang{}, false
}

// ForAccount is the language an account's setting names (its code, "it"), or English when it
// names none: what the account's e-mails are written in, which no browser asks for.
func ForAccount(code string) Lang {
	if l, ok := Get(code); ok {
		return l
	}
	return Default()
}

// Default is English.
func Default() Lang { return load().langs[0] }

// Match returns the supported language an Accept-Language header asks for most, or
// English when it names none of them (or cannot be read).
func Match(acceptLanguage string) Lang {
	c := load()
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return c.langs[0]
	}
	_, i, conf := c.matcher.Match(tags...)
	if conf == language.No {
		return c.langs[0]
	}
	return c.langs[i]
}

// Name is the language's name in itself ("Italiano"), as the language switch shows it.
func (l Lang) Name() string { return l.T("language.name") }

// T says the message id in l, filling its {{.Field}} blanks from data (a map or a struct),
// when given. A message missing from l's file is said in English; one missing from English
// too is a programming error the tests catch, and shows as its id.
func (l Lang) T(id string, data ...any) string {
	cfg := &i18n.LocalizeConfig{MessageID: id}
	if len(data) > 0 {
		cfg.TemplateData = data[0]
	}
	return l.localize(cfg)
}

// N says the message id in l in the plural form count takes in l (CLDR rules: one, few,
// many, other…), with {{.Count}} set to count said as l writes numbers, and the other
// blanks from data (a map[string]any), when given.
func (l Lang) N(id string, count int, data ...map[string]any) string {
	td := map[string]any{}
	if len(data) > 0 {
		for k, v := range data[0] {
			td[k] = v
		}
	}
	td["Count"] = l.Int(count)
	return l.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: count, TemplateData: td})
}

// NDecimal says the message id in l in the plural form the number decimal takes in l
// (written with a dot and no sign, "17.5": CLDR's rules read its decimals too), with
// {{.Count}} set to shown, the number as the reader sees it ("17 1/2"), and the other
// blanks from data, when given.
func (l Lang) NDecimal(id, decimal, shown string, data ...map[string]any) string {
	td := map[string]any{}
	if len(data) > 0 {
		for k, v := range data[0] {
			td[k] = v
		}
	}
	td["Count"] = shown
	return l.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: decimal, TemplateData: td})
}

func (l Lang) localize(cfg *i18n.LocalizeConfig) string {
	loc := l.loc
	if loc == nil {
		loc = Default().loc
	}
	// A translation missing from l's file comes back in English with an error: say it.
	if s, _ := loc.Localize(cfg); s != "" {
		return s
	}
	return cfg.MessageID
}

type ctxKey struct{}

// With returns ctx carrying l, the language of everything said while serving it.
func With(ctx context.Context, l Lang) context.Context { return context.WithValue(ctx, ctxKey{}, l) }

// From returns the language ctx carries, or English.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok {
		return l
	}
	return Default()
}

// T says the message id in ctx's language (templates call it as locales.T(ctx, "id")).
func T(ctx context.Context, id string, data ...any) string { return From(ctx).T(id, data...) }

// N says the message id in ctx's language in the plural form count takes there.
func N(ctx context.Context, id string, count int, data ...map[string]any) string {
	return From(ctx).N(id, count, data...)
}

func cfgN(id string, count int) *i18n.LocalizeConfig {
	return &i18n.LocalizeConfig{MessageID: id, PluralCount: count, TemplateData: map[string]any{"Count": count}}
}
