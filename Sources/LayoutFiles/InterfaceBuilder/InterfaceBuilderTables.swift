import AutoLayout
import Foundation
import Typesetting

/// One section of a static table (`<tableViewSection>`): the area from its header to its
/// footer, with the header and footer titles as wrapping labels. Its cells are the table's
/// subviews, at the frames the file stores.
final class InterfaceBuilderTableSection: UIView {
    /// The header title's label (nil text: the section has no title above).
    let headerLabel = FileLabel()
    /// The footer title's label.
    let footerLabel = FileLabel()

    /// The header title, shown in `headerLabel`.
    var headerTitle: String? {
        get { headerLabel.text }
        set { headerLabel.text = newValue }
    }

    /// The footer title, shown in `footerLabel`.
    var footerTitle: String? {
        get { footerLabel.text }
        set { footerLabel.text = newValue }
    }
}

/// The built-in cell styles (`style="IBUITableViewCellStyle…"`): Basic, Subtitle, Right Detail
/// (Value1) and Left Detail (Value2).
enum InterfaceBuilderCellStyle: String {
    case basic = "IBUITableViewCellStyleDefault"
    case subtitle = "IBUITableViewCellStyleSubtitle"
    case rightDetail = "IBUITableViewCellStyleValue1"
    case leftDetail = "IBUITableViewCellStyleValue2"
}

/// How UIKit lays out static tables and built-in cells (docs/interface-builder.md, "Static
/// table views"); each figure names the files it was read from there.
enum InterfaceBuilderTableMetrics {
    /// The width a disclosure indicator takes from a cell's content view, past the trailing
    /// margin: 9.5 pt on iOS 14 and 15, 10.5 from iOS 16 (a guess from two files); nil where
    /// the corpus shows no figure (the stored content view frame is kept).
    static func disclosureWidth(release: UIKitRelease) -> CGFloat? {
        switch release.major {
        case 14, 15: 9.5
        case 16...: 10.5
        default: nil
        }
    }

    /// A content view's trailing margin when the cell shows an accessory: the standard 8 pt.
    static let accessoryTrailingMargin: CGFloat = 8
    /// Space between a title label and a subtitle below it (Subtitle style).
    static let subtitleGap: CGFloat = 3
    /// Space between a cell's image and its labels.
    static let imageGap: CGFloat = 15
    /// Half the width of the slot a cell's image is centred in, past the leading margin.
    static let imageSlotHalfWidth: CGFloat = 12
    /// The least space between a Right Detail cell's title and its detail, and between a
    /// Left Detail cell's title column and its detail.
    static let detailGap: CGFloat = 6
    /// A Left Detail cell's title column (a guess from one file).
    static let leftDetailTitleWidth: CGFloat = 91

    /// Space above and below a grouped section's header title and footer title (guesses,
    /// docs/interface-builder.md).
    static let headerAbove: CGFloat = 16.5
    static let headerBelow: CGFloat = 6
    static let footerAbove: CGFloat = 7
    static let footerBelow: CGFloat = 8
    /// A plain table's header title: 4 above and below.
    static let plainHeaderPadding: CGFloat = 4
    /// The height of a section header or footer without a title when the file writes none
    /// (`sectionHeaderHeight="-1"`): 18 in grouped styles, none in plain tables.
    static func untitledHeight(grouped: Bool) -> CGFloat { grouped ? 18 : 0 }
}

extension InterfaceBuilderSceneBuilder {
    /// The elements a static table lays out as subviews (`<sections>`): each section, then its
    /// cells, in document order.
    func staticTableChildren(of sections: Int) -> [Int] {
        var result: [Int] = []
        for section in tree.children(of: sections, named: "tableViewSection") {
            result.append(section)
            if let cells = tree.child(of: section, named: "cells") {
                result += tree.children(of: cells).filter { InterfaceBuilderKinds.isView(tree[$0].name) }
            }
        }
        return result
    }

    /// A section's view, with its titles as texts by localization property (`headerTitle`,
    /// `footerTitle`, as Xcode's .strings export names them).
    func makeSection(_ element: XMLTree.Element, texts: inout [String: String]) -> UIView {
        let section = InterfaceBuilderTableSection()
        let id = element.attribute("id")
        let header = element.attribute("headerTitle").flatMap { $0.isEmpty ? nil : $0 }
        let footer = element.attribute("footerTitle").flatMap { $0.isEmpty ? nil : $0 }
        section.headerTitle = localized(header, id: id, property: "headerTitle", into: &texts)
        section.footerTitle = localized(footer, id: id, property: "footerTitle", into: &texts)
        return section
    }

    /// Places a static table's sections around their cells: a titled header above the first
    /// cell and a titled footer below the last, each a wrapping label inset by the table's
    /// side margins; untitled ones `sectionHeaderHeight` / `sectionFooterHeight` tall.
    func placeSections(of tableIndex: Int, table: UIView) {
        let element = tree[tableIndex]
        let style = element.attribute("style") ?? "plain"
        let grouped = style == "grouped" || style == "insetGrouped"
        let inset: CGFloat = style == "insetGrouped" ? rootSideMargin : 0
        let margin = rootSideMargin
        func height(_ key: String) -> CGFloat {
            let written = element.attribute(key).flatMap(Double.init).map { CGFloat($0) }
            guard let written, written >= 0, written.isFinite, written < 10_000 else {
                return InterfaceBuilderTableMetrics.untitledHeight(grouped: grouped)
            }
            return written
        }
        let untitledHeader = height("sectionHeaderHeight")
        let untitledFooter = height("sectionFooterHeight")
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        var index = 0
        let subviews = table.subviews
        while index < subviews.count {
            guard let section = subviews[index] as? InterfaceBuilderTableSection else {
                index += 1
                continue
            }
            var cells: [UIView] = []
            index += 1
            while index < subviews.count, !(subviews[index] is InterfaceBuilderTableSection) {
                cells.append(subviews[index])
                index += 1
            }
            section.translatesAutoresizingMaskIntoConstraints = false
            constraints += [
                section.leadingAnchor.constraint(equalTo: table.leadingAnchor, constant: inset),
                section.widthAnchor.constraint(equalTo: table.widthAnchor, constant: -inset - inset),
            ]
            for (label, isHeader) in [(section.headerLabel, true), (section.footerLabel, false)] {
                label.numberOfLines = 0
                label.font = grouped || !isHeader ? .systemFont(ofSize: 13) : .systemFont(ofSize: 17, weight: .semibold)
                label.translatesAutoresizingMaskIntoConstraints = false
                section.addSubview(label)
                constraints += [
                    label.leadingAnchor.constraint(equalTo: section.leadingAnchor, constant: margin),
                    label.trailingAnchor.constraint(equalTo: section.trailingAnchor, constant: -margin),
                ]
            }
            let above =
                grouped ? InterfaceBuilderTableMetrics.headerAbove : InterfaceBuilderTableMetrics.plainHeaderPadding
            let below =
                grouped ? InterfaceBuilderTableMetrics.headerBelow : InterfaceBuilderTableMetrics.plainHeaderPadding
            let header = section.headerTitle == nil ? nil : section.headerLabel
            let footer = section.footerTitle == nil ? nil : section.footerLabel
            // The cells keep their stored frames: the header ends where the first starts and
            // the footer starts where the last ends. A section without cells follows the one
            // before it (or starts the table).
            let cellsTop: NSLayoutYAxisAnchor
            let cellsBottom: NSLayoutYAxisAnchor
            if let first = cells.first, let last = cells.last {
                (cellsTop, cellsBottom) = (first.topAnchor, last.bottomAnchor)
                if let header {
                    constraints += [
                        header.bottomAnchor.constraint(equalTo: cellsTop, constant: -below),
                        section.topAnchor.constraint(equalTo: header.topAnchor, constant: -above),
                    ]
                } else {
                    constraints.append(section.topAnchor.constraint(equalTo: cellsTop, constant: -untitledHeader))
                }
            } else {
                let start = previous?.bottomAnchor ?? table.topAnchor
                let empty = UILayoutGuide()
                section.addLayoutGuide(empty)
                constraints += [
                    section.topAnchor.constraint(equalTo: start),
                    empty.heightAnchor.constraint(equalToConstant: 0),
                ]
                if let header {
                    constraints += [
                        header.topAnchor.constraint(equalTo: start, constant: above),
                        empty.topAnchor.constraint(equalTo: header.bottomAnchor, constant: below),
                    ]
                } else {
                    constraints.append(empty.topAnchor.constraint(equalTo: start, constant: untitledHeader))
                }
                (cellsTop, cellsBottom) = (empty.topAnchor, empty.bottomAnchor)
            }
            if let footer {
                constraints += [
                    footer.topAnchor.constraint(
                        equalTo: cellsBottom, constant: InterfaceBuilderTableMetrics.footerAbove),
                    section.bottomAnchor.constraint(
                        equalTo: footer.bottomAnchor, constant: InterfaceBuilderTableMetrics.footerBelow),
                ]
            } else {
                constraints.append(section.bottomAnchor.constraint(equalTo: cellsBottom, constant: untitledFooter))
            }
            // An untitled label still needs a place: at the top, no taller than its (empty) text.
            if header == nil {
                constraints.append(section.headerLabel.topAnchor.constraint(equalTo: section.topAnchor))
            }
            if footer == nil {
                constraints.append(section.footerLabel.bottomAnchor.constraint(equalTo: section.bottomAnchor))
            }
            previous = section
        }
        NSLayoutConstraint.activate(constraints)
    }

    /// A table cell's content view, as UIKit lays it out beside the cell's accessory: a
    /// disclosure indicator takes its width past the trailing margin (where the release's
    /// width is known), and any accessory leaves the content view a trailing margin of 8.
    func fitContentView(_ contentView: UIView, in cell: UIView, cellElement: XMLTree.Element) {
        guard let accessory = cellElement.attribute("accessoryType"), accessory != "none" else { return }
        let trailing = contentView.layoutMargins.right
        if accessory == "disclosureIndicator",
            let width = InterfaceBuilderTableMetrics.disclosureWidth(release: release)
        {
            let scale = Double(device.scale)
            let taken = PixelGrid.ceil(Double(trailing + width), scale: scale)
            var frame = contentView.frame
            frame.size.width = max(0, cell.frame.width - CGFloat(taken))
            contentView.frame = frame
        }
        contentView.layoutMargins.right = InterfaceBuilderTableMetrics.accessoryTrailingMargin
    }

    /// Lays a built-in cell style's labels and image out as UIKit does, with constraints in
    /// the content view (the file stores their frames as IB last drew them, often stale):
    /// Basic fills the margins; Subtitle stacks the title over the detail, centred; Right
    /// Detail puts the detail at the trailing margin; Left Detail gives the title a column.
    func layOutBuiltInStyle(of cellElement: XMLTree.Element, contentView: UIView) {
        guard let style = cellElement.attribute("style").flatMap(InterfaceBuilderCellStyle.init) else { return }
        let title = cellElement.attribute("textLabel").flatMap { views[$0] }
        let detail = cellElement.attribute("detailTextLabel").flatMap { views[$0] }
        let image = cellElement.attribute("imageView").flatMap { views[$0] }
        let margins = contentView.layoutMarginsGuide
        var constraints: [NSLayoutConstraint] = []
        for view in [title, detail, image].compactMap({ $0 }) where view.superview === contentView {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        var leading = margins.leadingAnchor
        var leadingGap: CGFloat = 0
        if let image, image.superview === contentView, (image as? UIImageView)?.image != nil {
            constraints += [
                image.centerXAnchor.constraint(
                    equalTo: margins.leadingAnchor, constant: InterfaceBuilderTableMetrics.imageSlotHalfWidth),
                image.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ]
            leading = image.trailingAnchor
            leadingGap = InterfaceBuilderTableMetrics.imageGap
        } else if let image, image.superview === contentView {
            image.isHidden = true
            constraints += [
                image.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                image.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                image.widthAnchor.constraint(equalToConstant: 0),
                image.heightAnchor.constraint(equalToConstant: 0),
            ]
        }
        guard let title, title.superview === contentView else { return }
        let shownDetail = detail.flatMap { $0.superview === contentView ? $0 : nil }
        switch style {
        case .basic:
            constraints += [
                title.leadingAnchor.constraint(equalTo: leading, constant: leadingGap),
                title.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                title.topAnchor.constraint(equalTo: contentView.topAnchor),
                title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            ]
        case .subtitle:
            let block = UILayoutGuide()
            contentView.addLayoutGuide(block)
            constraints += [
                title.leadingAnchor.constraint(equalTo: leading, constant: leadingGap),
                title.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                title.topAnchor.constraint(equalTo: block.topAnchor),
                block.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                block.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                block.widthAnchor.constraint(equalToConstant: 0),
            ]
            if let shownDetail {
                constraints += [
                    shownDetail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                    shownDetail.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                    shownDetail.topAnchor.constraint(
                        equalTo: title.bottomAnchor, constant: InterfaceBuilderTableMetrics.subtitleGap),
                    block.bottomAnchor.constraint(equalTo: shownDetail.bottomAnchor),
                ]
            } else {
                constraints.append(block.bottomAnchor.constraint(equalTo: title.bottomAnchor))
            }
        case .rightDetail:
            constraints += [
                title.leadingAnchor.constraint(equalTo: leading, constant: leadingGap),
                title.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ]
            if let shownDetail {
                constraints += [
                    shownDetail.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                    shownDetail.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                    shownDetail.leadingAnchor.constraint(
                        greaterThanOrEqualTo: title.trailingAnchor, constant: InterfaceBuilderTableMetrics.detailGap),
                ]
            } else {
                constraints.append(title.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor))
            }
        case .leftDetail:
            (title as? UILabel)?.textAlignment = .right
            constraints += [
                title.leadingAnchor.constraint(equalTo: leading, constant: leadingGap),
                title.widthAnchor.constraint(equalToConstant: InterfaceBuilderTableMetrics.leftDetailTitleWidth),
                title.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ]
            if let shownDetail {
                constraints += [
                    shownDetail.leadingAnchor.constraint(
                        equalTo: title.trailingAnchor, constant: InterfaceBuilderTableMetrics.detailGap),
                    shownDetail.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                    shownDetail.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                ]
            }
        }
        NSLayoutConstraint.activate(constraints)
    }
}
