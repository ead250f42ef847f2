package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the repository's top directory, seen from this package's directory (where go
// test runs its tests).
var repoRoot = filepath.Join("..", "..")

// readmeMaxLines is how long the README, the project's front door, may grow; the rest
// belongs in the guides under docs/.
const readmeMaxLines = 300

// guide is one markdown document of the repository: its path from the top and its text.
type guide struct {
	path string
	text string
}

// guides reads README.md and every docs/*.md.
func guides(t *testing.T) []guide {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "docs/ holds the guides")
	paths = append([]string{filepath.Join(repoRoot, "README.md")}, paths...)
	var out []guide
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		rel, err := filepath.Rel(repoRoot, p)
		require.NoError(t, err)
		out = append(out, guide{path: filepath.ToSlash(rel), text: string(b)})
	}
	return out
}

func TestReadmeIsAShortFrontDoorToTheGuides(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	require.NoError(t, err)
	readme := string(b)
	lines := strings.Count(strings.TrimRight(readme, "\n"), "\n") + 1
	assert.LessOrEqual(t, lines, readmeMaxLines, "README.md has %d lines; move the detail into a guide under docs/", lines)

	for _, command := range []string{"make run", "make test"} {
		assert.Contains(t, readme, command, "the README gives the set-up command %q", command)
	}
	paths, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	require.NoError(t, err)
	for _, p := range paths {
		link := "(docs/" + filepath.Base(p) + ")"
		assert.Contains(t, readme, link, "the README's table of guides links %s", filepath.Base(p))
	}
}

// fencedBlock and codeSpan are the parts of markdown whose brackets are code, not links.
var (
	fencedBlock = regexp.MustCompile("(?s)```.*?```")
	codeSpan    = regexp.MustCompile("`[^`\n]*`")
	// markdownLink is [text](target), or ![alt](target) for an image.
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// htmlLink is an HTML tag's src or href attribute.
	htmlLink = regexp.MustCompile(`(?:src|href)="([^"]+)"`)
	heading  = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
	// notInSlug is what GitHub drops from a heading to make its anchor.
	notInSlug = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// withoutCode is a guide's text with its code blocks and code spans blanked out.
func withoutCode(text string) string {
	text = fencedBlock.ReplaceAllString(text, "")
	return codeSpan.ReplaceAllString(text, "``")
}

// anchors lists the anchors GitHub gives a guide's headings: lower case, punctuation
// dropped, spaces as hyphens, and -1, -2, ... after a heading that repeats.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(fencedBlock.ReplaceAllString(text, ""), -1) {
		slug := strings.ReplaceAll(notInSlug.ReplaceAllString(strings.ToLower(m[1]), ""), " ", "-")
		anchor := slug
		for n := 1; out[anchor]; n++ {
			anchor = fmt.Sprintf("%s-%d", slug, n)
		}
		out[anchor] = true
	}
	return out
}

// relativeLinks lists the targets of a guide's links that point inside the repository.
func relativeLinks(text string) []string {
	var out []string
	text = withoutCode(text)
	for _, re := range []*regexp.Regexp{markdownLink, htmlLink} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out = append(out, target)
		}
	}
	return out
}

func TestEveryRelativeLinkOfTheGuidesResolves(t *testing.T) {
	t.Parallel()
	all := guides(t)
	anchorsOf := map[string]map[string]bool{}
	for _, g := range all {
		anchorsOf[g.path] = anchors(g.text)
	}
	links := 0
	for _, g := range all {
		for _, target := range relativeLinks(g.text) {
			links++
			file, anchor, _ := strings.Cut(target, "#")
			resolved := g.path
			if file != "" {
				resolved = filepath.ToSlash(filepath.Join(filepath.Dir(g.path), file))
				_, err := os.Stat(filepath.Join(repoRoot, resolved))
				if !assert.NoError(t, err, "%s links %q, which is no file of the repository", g.path, target) {
					continue
				}
			}
			if anchor == "" {
				continue
			}
			headings, isGuide := anchorsOf[resolved]
			if assert.True(t, isGuide, "%s links %q: only a guide's headings have anchors", g.path, target) {
				assert.True(t, headings[anchor], "%s links %q, but %s has no heading with that anchor", g.path, target, resolved)
			}
		}
	}
	assert.Greater(t, links, 20, "the guides link each other; the link reader found too few links")
}

// issueNumber finds the project's own issue numbers: "#36", "issue 40", "issues 25 and 27".
var issueNumber = regexp.MustCompile(`(?i)(^|[^&\w])#\d+\b|\bissues? +#?\d+`)

func TestNoGuideMentionsAnIssueNumber(t *testing.T) {
	t.Parallel()
	for _, g := range guides(t) {
		for n, line := range strings.Split(g.text, "\n") {
			if m := issueNumber.FindString(line); m != "" {
				assert.Failf(t, "an issue number in a guide", "%s:%d mentions %q; say what the software does instead: %s", g.path, n+1, strings.TrimSpace(m), line)
			}
		}
	}
}

func TestIssueNumberFindsTheProjectsIssuesOnly(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"(#27)", "Signed-in pages (#27; figures", "issue 40", "Issue 25", "the issues 25", "issue #38", "#4 and"} {
		assert.Regexp(t, issueNumber, text)
	}
	for _, text := range []string{"theme colour #1d6b57", "(#webhooks)", "seed 4.2", "round 1 of the league", "&#39;", "tokens[2]", "CONTRACT section 10"} {
		assert.NotRegexp(t, issueNumber, text)
	}
}

func TestGuideAnchorsFollowGitHubsHeadings(t *testing.T) {
	t.Parallel()
	got := anchors("# Guide\n## The rating pot: 60 a seat, and a floor at −210\n### The SUPERCAT companion (`/supercat`)\n## Notes\n## Notes\n```\n# not a heading\n```\n")
	assert.Equal(t, map[string]bool{
		"guide": true, "the-rating-pot-60-a-seat-and-a-floor-at-210": true,
		"the-supercat-companion-supercat": true, "notes": true, "notes-1": true,
	}, got)
}
