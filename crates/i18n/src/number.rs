//! Numbers in messages, formatted per language as the browser's
//! `Intl.NumberFormat` does: Spanish "13.037.895" and "1000" (CLDR's
//! minimum grouping digits: Spanish does not group four digits), English
//! "13,037,895".
//!
//! fluent-bundle leaves numbers unformatted (`13037895`), so the bundles
//! get this formatter. It uses ICU4X's `icu_decimal` with its compiled
//! CLDR data, the same data the browsers' Intl carries, so a language
//! added to the manifest formats its numbers right with no code.

use fixed_decimal::FloatPrecision;
use fluent_bundle::FluentValue;
use fluent_bundle::memoizer::MemoizerKind;
use fluent_bundle::types::{FluentNumber, FluentNumberStyle};
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::{DecimalFormatter, DecimalFormatterPreferences};
use icu_locale_core::Locale;
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;
use unic_langid::LanguageIdentifier;

/// The bundle's language, as the memoizer hands it to a formatter.
struct BundleLocale(Locale);

impl Memoizable for BundleLocale {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, ()> {
        Locale::try_from_str(&lang.to_string())
            .map(BundleLocale)
            .map_err(|_| ())
    }
}

/// The formatter the bundles use for every value: numbers through
/// [`format_number`], everything else as fluent-bundle does.
pub(crate) fn format_value(value: &FluentValue, intls: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    intls
        .with_try_get_threadsafe::<BundleLocale, _, _>((), |locale| {
            format_number(&locale.0, number)
        })
        .ok()
        .flatten()
}

/// One number in one locale, honouring NUMBER()'s `useGrouping`,
/// `minimumFractionDigits` and `maximumFractionDigits` (default 3, as
/// Intl's). `None` (fluent-bundle's plain digits) for styles it does not
/// do (currency, percent).
fn format_number(locale: &Locale, number: &FluentNumber) -> Option<String> {
    if number.options.style != FluentNumberStyle::Decimal {
        return None;
    }
    let mut decimal = Decimal::try_from_f64(number.value, FloatPrecision::RoundTrip).ok()?;
    let max = number.options.maximum_fraction_digits.unwrap_or(3);
    decimal.round(-i16::try_from(max).ok()?);
    decimal.absolute.trim_end();
    if let Some(min) = number.options.minimum_fraction_digits {
        decimal.absolute.pad_end(-i16::try_from(min).ok()?);
    }
    let grouping = if number.options.use_grouping {
        GroupingStrategy::Auto
    } else {
        GroupingStrategy::Never
    };
    let mut options = DecimalFormatterOptions::default();
    options.grouping_strategy = Some(grouping);
    let formatter =
        DecimalFormatter::try_new(DecimalFormatterPreferences::from(locale), options).ok()?;
    Some(formatter.format_to_string(&decimal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(locale: &str, value: f64) -> String {
        let locale = Locale::try_from_str(locale).unwrap();
        format_number(&locale, &FluentNumber::from(value)).unwrap()
    }

    /// Expected texts are node's `new Intl.NumberFormat(lang).format(n)`.
    #[test]
    fn numbers_read_as_the_browsers_intl_writes_them() {
        assert_eq!(format("es", 13037895.0), "13.037.895");
        assert_eq!(format("es", 1000.0), "1000");
        assert_eq!(format("es", 12345.5), "12.345,5");
        assert_eq!(format("es", -12345.0), "-12.345");
        assert_eq!(format("en", 1234567.25), "1,234,567.25");
        assert_eq!(format("en", 1000.0), "1,000");
        assert_eq!(format("en", 0.12345), "0.123");
    }
}
