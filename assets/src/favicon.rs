//! The favicon: `web/favicon.svg` as it is, inline in every page as a `data:` URI, and a
//! 16×16 `/favicon.ico` drawn here for clients that only ask for that.
//!
//! The icon is drawn in code rather than embedded as a binary file: sixteen rows of text are
//! easier to review than an `.ico`, and an image crate would be a large dependency for 1 KiB.

use crate::embedded::web_file;

/// `web/favicon.svg` (empty if it were missing, which a test rules out).
pub(crate) fn favicon_svg() -> &'static str {
    web_file("favicon.svg").unwrap_or_default()
}

/// `svg` as a `data:` URI fit for a double-quoted attribute: a page that carries its icon
/// makes no request for it on a first visit (`/favicon.svg` stays, for whatever asks).
pub(crate) fn data_uri(svg: &str) -> String {
    let mut uri = String::from("data:image/svg+xml,");
    for b in svg.trim().bytes() {
        match b {
            b'"' | b'%' | b'#' | b'<' | b'>' | b'&' | b' ' | b'\n' | b'\r' | b'\t' => {
                uri.push_str(&format!("%{b:02X}"));
            }
            0x80.. => uri.push_str(&format!("%{b:02X}")),
            _ => uri.push(char::from(b)),
        }
    }
    uri
}

/// `/favicon.ico`: the SVG favicon's ankh as a 16×16 icon (one 32-bit BMP image).
pub(crate) fn favicon_ico() -> Vec<u8> {
    // `.` transparent, `#` ink (#2b2118), `o` sand (#f3e6c8): the colours of `style.css`.
    const ROWS: [&[u8; 16]; 16] = [
        b".##############.",
        b"################",
        b"######oooo######",
        b"#####oo##oo#####",
        b"#####o####o#####",
        b"#####oo##oo#####",
        b"######oooo######",
        b"###oooooooooo###",
        b"###oooooooooo###",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"#######oo#######",
        b"################",
        b".##############.",
    ];
    const IMAGE: u32 = 40 + 16 * 16 * 4 + 16 * 4;
    let mut ico = Vec::with_capacity(22 + IMAGE as usize);
    // ICONDIR: reserved, type 1 (icon), one image.
    for v in [0u16, 1, 1] {
        ico.extend(v.to_le_bytes());
    }
    // ICONDIRENTRY: 16×16, no palette, 1 plane, 32 bits, size, offset.
    ico.extend([16u8, 16, 0, 0]);
    ico.extend(1u16.to_le_bytes());
    ico.extend(32u16.to_le_bytes());
    ico.extend(IMAGE.to_le_bytes());
    ico.extend(22u32.to_le_bytes());
    // BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
    for v in [40u32, 16, 32] {
        ico.extend(v.to_le_bytes());
    }
    ico.extend(1u16.to_le_bytes());
    ico.extend(32u16.to_le_bytes());
    ico.extend([0u8; 24]);
    // The pixels, BGRA, bottom row first; then the AND mask (all 0: the alpha decides).
    for row in ROWS.iter().rev() {
        for px in row.iter() {
            ico.extend(match px {
                b'#' => [0x18, 0x21, 0x2b, 0xff],
                b'o' => [0xc8, 0xe6, 0xf3, 0xff],
                _ => [0, 0, 0, 0],
            });
        }
    }
    ico.extend([0u8; 16 * 4]);
    ico
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inline_icon_decodes_to_the_favicon() {
        assert!(
            favicon_svg().starts_with("<svg"),
            "web/favicon.svg is embedded"
        );
        let uri = data_uri(favicon_svg());
        assert!(!uri.contains(['"', '<', '>', '&', ' ', '\n']));
        let encoded = uri.strip_prefix("data:image/svg+xml,").expect("a data URI");
        let mut bytes = Vec::new();
        let mut rest = encoded.as_bytes();
        while let Some((&b, tail)) = rest.split_first() {
            if b == b'%' {
                let hex = std::str::from_utf8(&tail[..2]).unwrap();
                bytes.push(u8::from_str_radix(hex, 16).unwrap());
                rest = &tail[2..];
            } else {
                bytes.push(b);
                rest = tail;
            }
        }
        assert_eq!(String::from_utf8(bytes).unwrap(), favicon_svg().trim());
    }

    #[test]
    fn the_icon_is_a_16_pixel_ico() {
        let ico = favicon_ico();
        assert_eq!(ico.len(), 22 + 40 + 16 * 16 * 4 + 16 * 4);
        assert_eq!(&ico[..6], &[0, 0, 1, 0, 1, 0]);
    }
}
