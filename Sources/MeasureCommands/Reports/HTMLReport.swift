import Foundation
import Pictures
import Typesetting

/// One self-contained HTML page of a findings model: the summary, findings by kind, a
/// language × category matrix coloured by failures, and every finding drawn on its screen
/// (the failing view outlined) beside the Base screen, with filters that run in the page.
///
/// Each distinct screen × language × category is inlined once, as a `<g>` in one hidden SVG's
/// `<defs>` with its ids prefixed, and every finding on it draws it with `<use>`: a run with
/// thousands of findings on a few screens stays small (docs/reports.md, "Large runs").
/// The page loads nothing: no fonts, no scripts, no images from elsewhere.
enum HTMLReport {
    /// The colour the failing view is outlined in (`HTMLReportTests` looks for it in a screenshot).
    static let outline = "#ff00ff"

    /// The page. Its links to files are relative to `folder`, the folder the page is written
    /// in (absolute; the current folder when nil), so they resolve wherever the page is opened.
    static func html(_ model: FindingsModel, folder: String? = nil) -> String {
        let folder = folder ?? Baseline.absolute(FileManager.default.currentDirectoryPath)
        let escape = MarkupText.escaped
        var out: [String] = []
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")
        out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        out.append("<title>\(escape(model.command)) report</title>\n<style>\(style)</style>\n</head>\n<body>")
        out.append("<header id=\"summary\"><h1>\(escape(model.command))</h1><p>\(escape(model.summary))</p>")

        // Findings by kind.
        var byKind: [String: Int] = [:]
        for finding in model.findings { byKind[finding.kind, default: 0] += 1 }
        out.append("<table id=\"kinds\"><tr><th>kind</th><th>findings</th></tr>")
        for kind in byKind.keys.sorted() {
            out.append(
                "<tr data-kind=\"\(escape(kind))\"><td title=\"\(escape(FindingsModel.help(for: kind)))\">\(escape(kind))</td><td>\(byKind[kind] ?? 0)</td></tr>"
            )
        }
        out.append("</table>")

        // The language × category matrix.
        let languages = ordered(model.cases.map(\.language))
        let categories = ordered(model.cases.map(\.category))
        var checks: [String: Int] = [:]
        for item in model.cases { checks["\(item.language)\u{0}\(item.category)", default: 0] += 1 }
        var failing: [String: Set<CheckedCase>] = [:]
        var firstFinding: [String: Int] = [:]
        for (index, finding) in model.findings.enumerated() where finding.failsRun {
            for check in finding.checks {
                let cell = "\(check.language)\u{0}\(check.category)"
                failing[cell, default: []].insert(check)
                if firstFinding[cell] == nil { firstFinding[cell] = index }
            }
        }
        out.append("<table id=\"matrix\"><tr><th>language \\ category</th>")
        for category in categories { out.append("<th>\(escape(category))</th>") }
        out.append("</tr>")
        for language in languages {
            out.append("<tr><th>\(escape(language))</th>")
            for category in categories {
                let cell = "\(language)\u{0}\(category)"
                let total = checks[cell] ?? 0
                let failed = failing[cell]?.count ?? 0
                let ratio = total == 0 ? 0 : Double(failed) / Double(total)
                let colour =
                    failed == 0
                    ? "hsl(130 45% 85%)" : "hsl(0 75% \(Int((85 - 40 * ratio).rounded()))%)"
                let label = "\(failed) / \(total)"
                let content =
                    firstFinding[cell].map {
                        "<a href=\"#f\($0)\" data-language=\"\(escape(language))\" data-category=\"\(escape(category))\">\(label)</a>"
                    } ?? label
                out.append(
                    "<td class=\"cell\" style=\"background:\(colour)\" data-language=\"\(escape(language))\" data-category=\"\(escape(category))\" data-failed=\"\(failed)\">\(content)</td>"
                )
            }
            out.append("</tr>")
        }
        out.append("</table>")
        if let errors = model.totals?.errors, !errors.isEmpty {
            out.append("<section id=\"errors\"><h2>Files not checked</h2><ul>")
            for failure in errors {
                out.append(
                    "<li><a href=\"\(escape(link(FindingLocation(file: failure.file, line: GitHubReport.place(of: failure).line, role: ""), folder: folder)))\">\(escape(failure.file))</a>: \(escape(failure.message))</li>"
                )
            }
            out.append("</ul></section>")
        }
        if let fixed = model.totals?.fixed, !fixed.isEmpty {
            out.append("<section id=\"fixed\"><h2>Fixed since the baseline</h2><ul>")
            for entry in fixed { out.append("<li>\(escape(entry.description))</li>") }
            out.append("</ul></section>")
        }
        out.append("</header>")

        // Filters.
        out.append("<form id=\"filters\" onsubmit=\"return false\">")
        for (name, values) in [
            ("language", languages), ("category", categories), ("kind", byKind.keys.sorted()),
        ] {
            out.append("<label>\(name) <select name=\"\(name)\"><option value=\"\">all</option>")
            for value in values { out.append("<option>\(escape(value))</option>") }
            out.append("</select></label>")
        }
        out.append(
            "<label>key or view <input name=\"subject\" type=\"search\" placeholder=\"contains…\"></label> <output id=\"shown-count\"></output></form>"
        )

        // Every distinct screen once.
        var screenIDs: [String: String] = [:]
        var sizes: [String: (Double, Double)] = [:]
        var used = Set(model.findings.compactMap(\.screen))
        used.formUnion(model.findings.compactMap(\.baseScreen))
        out.append(
            "<svg id=\"screens\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" xmlns=\"http://www.w3.org/2000/svg\"><defs>"
        )
        for key in model.screens.keys.sorted() where used.contains(key) {
            guard let svg = model.screens[key] else { continue }
            let id = "s\(screenIDs.count)"
            screenIDs[key] = id
            let (group, size) = inline(svg, id: id)
            sizes[key] = size
            out.append(group)
        }
        out.append("</defs></svg>")

        out.append("<main id=\"findings\">")
        for (index, finding) in model.findings.enumerated() {
            out.append(article(finding, index: index, screenIDs: screenIDs, sizes: sizes, folder: folder))
        }
        out.append("</main>")
        out.append("<script>\(script)</script>\n</body>\n</html>\n")
        return out.joined(separator: "\n")
    }

    /// The values in first-seen order.
    static func ordered(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// A finding: its heading, message, sizes, text as shown and as needed, places, and pictures.
    static func article(
        _ finding: ReportFinding, index: Int, screenIDs: [String: String], sizes: [String: (Double, Double)],
        folder: String
    ) -> String {
        let escape = MarkupText.escaped
        let checked = finding.checked
        let languages = finding.languages.isEmpty ? [checked.language] : finding.languages
        let categories = finding.categories.isEmpty ? [checked.category] : finding.categories
        let severity = !finding.fails ? "warning" : finding.failsRun ? "error" : "known"
        var parts: [String] = []
        parts.append(
            "<article class=\"finding \(severity)\" id=\"f\(index)\" data-languages=\"\(escape(languages.joined(separator: " ")))\" data-categories=\"\(escape(categories.joined(separator: " ")))\" data-kind=\"\(escape(finding.kind))\" data-subject=\"\(escape(checked.subject))\">"
        )
        let state = finding.baselineState.map { " <span class=\"baseline\">\(escape($0))</span>" } ?? ""
        parts.append(
            "<h2><span class=\"kind\">\(escape(finding.kind))</span> \(escape(checked.subject)) <small>\(escape(languages.joined(separator: ", "))) · \(escape(categories.joined(separator: ", ")))</small>\(state)</h2>"
        )
        parts.append("<p class=\"message\">\(escape(finding.message))</p><dl>")
        if let needed = finding.needed { parts.append("<dt>needed</dt><dd>\(escape(CheckReport.size(needed)))</dd>") }
        if let available = finding.available {
            parts.append("<dt>available</dt><dd>\(escape(CheckReport.size(available)))</dd>")
        }
        if !finding.shown.isEmpty {
            parts.append(
                "<dt>shown</dt><dd class=\"text\">\(finding.shown.map(escape).joined(separator: "<br>"))</dd>")
        }
        if let text = finding.text { parts.append("<dt>needs</dt><dd class=\"text\">\(escape(text))</dd>") }
        if !finding.missingCharacters.isEmpty {
            let characters = finding.missingCharacters.compactMap(\.unicodeScalars.first).map(
                MissingCharacters.describe)
            parts.append("<dt>no font draws</dt><dd>\(characters.map(escape).joined(separator: ", "))</dd>")
        }
        if let approximate = finding.approximate {
            parts.append(
                "<dt>approximate</dt><dd class=\"approximate\">measured with stand-ins: \(escape(approximate))</dd>")
        }
        for location in [finding.location, finding.related].compactMap({ $0 }) {
            let place = JUnitReport.place(location)
            parts.append(
                "<dt>\(escape(location.role))</dt><dd><a href=\"\(escape(link(location, folder: folder)))\">\(escape(place))</a></dd>"
            )
        }
        parts.append("</dl><div class=\"pictures\">")
        if let screen = finding.screen, let id = screenIDs[screen], let size = sizes[screen] {
            var outline = ""
            if let frame = finding.frame {
                outline =
                    "<rect class=\"outline\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"none\" stroke=\"\(Self.outline)\" stroke-width=\"3\"/>"
            }
            parts.append(
                "<figure class=\"screen\"><svg width=\"\(n(size.0))\" height=\"\(n(size.1))\" viewBox=\"0 0 \(n(size.0)) \(n(size.1))\"><use href=\"#\(id)\"/>\(outline)</svg><figcaption>\(escape(checked.language)) · \(escape(checked.category))</figcaption></figure>"
            )
            if let base = finding.baseScreen, let baseID = screenIDs[base], let baseSize = sizes[base] {
                parts.append(
                    "<figure class=\"base\"><svg width=\"\(n(baseSize.0))\" height=\"\(n(baseSize.1))\" viewBox=\"0 0 \(n(baseSize.0)) \(n(baseSize.1))\"><use href=\"#\(baseID)\"/></svg><figcaption>Base · \(escape(checked.category))</figcaption></figure>"
                )
            }
        } else if let needed = finding.needed, let available = finding.available {
            parts.append(control(finding, needed: needed, available: available))
        }
        parts.append("</div></article>")
        return parts.joined()
    }

    /// A width rule has no screen: the control alone at its width (solid, outlined), the
    /// width the text needs dashed, and the lines as shown.
    static func control(_ finding: ReportFinding, needed: CGSize, available: CGSize) -> String {
        let escape = MarkupText.escaped
        let width = max(Double(needed.width), Double(available.width)) + 8
        let height = max(Double(needed.height), Double(available.height)) + 8
        let lines = max(1, finding.shown.count)
        let lineHeight = Double(available.height) / Double(lines)
        var text = ""
        for (index, line) in finding.shown.enumerated() {
            text +=
                "<text x=\"6\" y=\"\(n(4 + lineHeight * (Double(index) + 0.75)))\" font-size=\"\(n(lineHeight * 0.7))\" font-family=\"sans-serif\">\(escape(line))</text>"
        }
        return
            "<figure class=\"control\"><svg width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">"
            + "<rect x=\"4\" y=\"4\" width=\"\(n(Double(needed.width)))\" height=\"\(n(Double(needed.height)))\" fill=\"none\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>"
            + "<rect class=\"outline\" x=\"4\" y=\"4\" width=\"\(n(Double(available.width)))\" height=\"\(n(Double(available.height)))\" fill=\"#e8f5e9\" stroke=\"\(outline)\" stroke-width=\"3\"/>"
            + text
            + "</svg><figcaption>\(escape(finding.control ?? "control")) at \(escape(CheckReport.size(available))) (dashed: needed)</figcaption></figure>"
    }

    /// A link to a file and line, relative to the page's folder (`../App/Main.storyboard#L12`).
    static func link(_ location: FindingLocation, folder: String) -> String {
        SARIFReport.uri(Baseline.relative(location.file, to: folder)) + (location.line.map { "#L\($0)" } ?? "")
    }

    static func n(_ value: Double) -> String { PixelGrid.format(value) }
    static func n(_ value: CGFloat) -> String { PixelGrid.format(Double(value)) }

    /// A picture's SVG as one `<g id=…>` with its ids prefixed (so the pictures of one page
    /// never share an id), and its size in points.
    static func inline(_ svg: String, id: String) -> (String, (Double, Double)) {
        var width = 0.0
        var height = 0.0
        var defs: [Substring] = []
        var body: [Substring] = []
        var section = 0  // 0 header, 1 defs, 2 body
        for line in svg.split(separator: "\n", omittingEmptySubsequences: true) {
            if section == 0, line.hasPrefix("<svg ") {
                width = attribute("width", in: line) ?? 0
                height = attribute("height", in: line) ?? 0
            } else if line == "<defs>" {
                section = 1
            } else if line == "</defs>" {
                section = 2
            } else if line == "</svg>" {
                break
            } else if section == 1 {
                defs.append(line)
            } else if section == 2 {
                body.append(line)
            }
        }
        let prefix = id + "-"
        func prefixed(_ text: String) -> String {
            text.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)")
                .replacingOccurrences(of: "href=\"#", with: "href=\"#\(prefix)")
                .replacingOccurrences(of: "url(#", with: "url(#\(prefix)")
        }
        let group =
            prefixed(defs.joined(separator: "\n")) + "\n<g id=\"\(id)\">\n" + prefixed(body.joined(separator: "\n"))
            + "\n</g>"
        return (group, (width, height))
    }

    static func attribute(_ name: String, in line: Substring) -> Double? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#222}
        table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}
        #matrix td{text-align:center;min-width:4em}#matrix a{color:#000}
        #filters{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc}
        .finding{border-bottom:1px solid #ddd;padding:.5em 0;content-visibility:auto;contain-intrinsic-size:auto 300px}.finding h2{font-size:1.05em;margin:.2em 0}
        .kind{background:#fdd;padding:0 4px;border-radius:3px}.warning .kind{background:#ffefc2}.known .kind{background:#eee}
        .baseline{font-size:12px;color:#666}
        dl{display:grid;grid-template-columns:max-content auto;gap:0 1em;margin:.3em 0}dt{color:#666}dd{margin:0}
        .text{white-space:pre-wrap}.pictures{display:flex;gap:1em;flex-wrap:wrap;align-items:flex-start}
        figure{margin:0}figcaption{color:#666;font-size:12px}
        body.only{margin:0}body.only>*:not(main),body.only .finding:not(.chosen){display:none}
        body.only .chosen>*:not(.pictures){display:none}body.only .finding{padding:0;border:0}
        body.only figure:not(:first-child),body.only figcaption{display:none}
        """

    /// The filters: each select or the search hides the findings it rules out; the hash
    /// `#language=de&kind=truncated` sets them on load, `#only=f3` shows one finding's picture alone.
    /// When done, `body[data-ready-ms]` holds the milliseconds since navigation began.
    static let script = """
        (function(){
        var form=document.getElementById('filters'),items=document.querySelectorAll('.finding');
        function apply(){var f={};['language','category','kind','subject'].forEach(function(n){f[n]=form.elements[n].value;});
        function has(list,v){return list.split(' ').indexOf(v)>=0;}
        var shown=0;items.forEach(function(e){var ok=(!f.language||has(e.dataset.languages,f.language))&&(!f.category||has(e.dataset.categories,f.category))&&(!f.kind||e.dataset.kind===f.kind)&&(!f.subject||e.dataset.subject.indexOf(f.subject)>=0);e.hidden=!ok;if(ok)shown++;});
        document.getElementById('shown-count').textContent=shown+' of '+items.length+' findings';}
        form.addEventListener('input',apply);
        document.querySelectorAll('#matrix a').forEach(function(a){a.addEventListener('click',function(){form.elements.language.value=a.dataset.language;form.elements.category.value=a.dataset.category;apply();});});
        var hash=new URLSearchParams(location.hash.slice(1));
        hash.forEach(function(v,k){if(form.elements[k])form.elements[k].value=v;});
        var only=hash.get('only');if(only){var c=document.getElementById(only);if(c){c.classList.add('chosen');document.body.classList.add('only');}}
        apply();document.body.dataset.readyMs=Math.round(performance.now());})();
        """
}
