//! The Virginia LIS site's export files, written from the description of the real formats in the
//! project's issue 27 and `docs/lis-formats.md` — never from the reader's own column lists — so a
//! test that reads them checks the reader against the site, not against itself.
//!
//! ```
//! use proseva_e2e::lis_files::{Export, TITLE_COLUMNS};
//! let file = Export::csv(&TITLE_COLUMNS, &[["1", "General Provisions", "", "", "", "", "1", "Code of Virginia", "", "", "", "", "1-1", "Contents", "<p>x</p>"]]);
//! assert!(file.starts_with("\u{feff}TitleNum,TitleName,"));
//! ```
//!
//! What the real files hold that these carry too: a byte-order mark, CRLF line ends, quoted cells
//! with commas, quotes and line breaks, HTML bodies with named entities (`&sect;`, `&eacute;`,
//! `&emsp;`), ALL-CAPS title and chapter names, empty bodies, a repealed range, sections with two
//! versions (until/effective and a contingent pair), the Constitution and the named lists in their
//! own headers, and the 2023 format (pipe-delimited, no header, `§ 1-1`, catchlines ending in a
//! period, LF line ends).

/// `CoVTitle_<n>.csv`.
pub const TITLE_COLUMNS: [&str; 15] = [
    "TitleNum",
    "TitleName",
    "SubTitleNum",
    "SubTitleName",
    "PartNum",
    "PartName",
    "ChapterNum",
    "ChapterName",
    "ArticleNum",
    "ArticleName",
    "SubPartNum",
    "SubPartName",
    "Section",
    "Title",
    "Body",
];
/// `Constitution.csv`.
pub const CONSTITUTION_COLUMNS: [&str; 8] =
    ["ArticleId", "Article", "ArticleName", "SectionName", "SectionTitle", "SectionText", "SectionCount", "LastUpdate"];
/// `PopularNames.csv`.
pub const POPULAR_NAME_COLUMNS: [&str; 4] = ["Name", "TitleNum", "Section", "Body"];
/// `Authorities.csv`, `Charters.csv`, `Compacts.csv`: `Name` is the name, `Title` the Code title.
pub const NAMED_COLUMNS: [&str; 6] = ["Name", "ShortName", "Codified", "Title", "Section", "Body"];

/// Writing an export file.
pub struct Export;

impl Export {
    /// A file as the site serves it now: a byte-order mark, the header, CRLF line ends, cells
    /// quoted when they hold a comma, a quote or a line break (quotes doubled).
    pub fn csv<const N: usize>(columns: &[&str; N], rows: &[[&str; N]]) -> String {
        let mut out = String::from("\u{feff}");
        out.push_str(&columns.join(","));
        out.push_str("\r\n");
        for row in rows {
            let cells: Vec<String> = row.iter().map(|c| quote(c)).collect();
            out.push_str(&cells.join(","));
            out.push_str("\r\n");
        }
        out
    }

    /// A title file as the site served it in 2023: no header, `|` between cells, no quoting, `§ `
    /// before the section number, the catchline ending in a period, LF line ends.
    pub fn pipe_2023(rows: &[[&str; 15]]) -> String {
        let mut out = String::new();
        for row in rows {
            let mut cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
            if !cells[12].is_empty() {
                cells[12] = format!("§ {}", cells[12]);
            }
            if !cells[13].is_empty() && !cells[13].ends_with('.') {
                cells[13].push('.');
            }
            out.push_str(&cells.join("|"));
            out.push('\n');
        }
        out
    }
}

fn quote(cell: &str) -> String {
    if cell.contains([',', '"', '\r', '\n']) { format!("\"{}\"", cell.replace('"', "\"\"")) } else { cell.to_string() }
}

/// The files the stand-in site serves by default, as (name, body).
pub fn site_files() -> Vec<(String, String)> {
    vec![
        ("CoVTitle_20.csv".into(), Export::csv(&TITLE_COLUMNS, TITLE_20)),
        ("CoVTitle_55.1.csv".into(), Export::csv(&TITLE_COLUMNS, TITLE_55_1)),
        ("CoVTitle_40.1.csv".into(), Export::csv(&TITLE_COLUMNS, TITLE_40_1)),
        ("CoVTitle_58.1.csv".into(), Export::csv(&TITLE_COLUMNS, TITLE_58_1)),
        ("Constitution.csv".into(), Export::csv(&CONSTITUTION_COLUMNS, CONSTITUTION)),
        ("PopularNames.csv".into(), Export::csv(&POPULAR_NAME_COLUMNS, POPULAR_NAMES)),
        ("Authorities.csv".into(), Export::csv(&NAMED_COLUMNS, AUTHORITIES)),
    ]
}

/// Title 1 as the site served it in 2023 (pipe-delimited, no header).
pub fn title_1_of_2023() -> String {
    Export::pipe_2023(TITLE_1_OF_2023)
}

/// Title 20, Domestic Relations: custody and support; ALL-CAPS names on the first rows, entities,
/// § 20-124.2 in two versions (the new one effective July 1, 2025), a repealed section, a repealed
/// range and an all-empty row.
pub const TITLE_20: &[[&str; 15]] = &[
    [
        r#"20"#,
        r#"DOMESTIC RELATIONS"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6"#,
        r#"DIVORCE, AFFIRMATION AND ANNULMENT"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-107.2"#,
        r#"Court may decree as to custody and support of minor children"#,
        r#"<p>Upon decreeing the dissolution of a marriage, and also upon decreeing a divorce, whether from the bond of matrimony or from bed and board, and upon decreeing that neither party is entitled to a divorce, the court may make such further decree as it shall deem expedient concerning the custody or visitation and support of the minor children of the parties as provided in Chapter 6.1 (&sect;&nbsp;<a href="/vacode/20-124.1/">20-124.1</a> et seq.), including an order that either party or both parties provide health care coverage.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6"#,
        r#"Divorce, Affirmation and Annulment"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-108"#,
        r#"Revision and alteration of such decrees"#,
        r#"<p>The court may, from time to time after decreeing as provided in &sect;&nbsp;<a href="/vacode/20-107.2/">20-107.2</a>, on petition of either of the parents, or on its own motion or upon petition of any probation officer or the Department of Social Services, revise and alter such decree concerning the care, custody, and maintenance of the children and make a new decree concerning the same, as the circumstances of the parents and the benefit of the children may require.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.1"#,
        r#"Definitions"#,
        r#"<p>As used in this chapter:&emsp;</p><p>"Child care" includes care in a day-care center or a cr&egrave;che.</p><p>"Joint custody" means (i) joint legal custody where both parents retain joint responsibility for the care and control of the child and joint authority to make decisions concerning the child even though the child's primary residence may be with only one parent, (ii) joint physical custody where both parents share physical and custodial care of the child, or (iii) any combination of joint legal and joint physical custody which the court deems to be in the best interest of the child.</p><p>"Person with a legitimate interest" shall be broadly construed and includes, but is not limited to, grandparents, step-grandparents, stepparents, former stepparents, blood relatives and family members.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.2"#,
        r#"Court-ordered custody and visitation arrangements (Effective until July 1, 2025)"#,
        r#"<p>A. In any case in which custody or visitation of minor children is at issue, whether in a circuit or district court, the court shall provide prompt adjudication, upon due consideration of all the facts, of custody and visitation arrangements, including support and maintenance for the children, prior to other considerations arising in the matter.</p><p>B. In determining custody, the court shall give primary consideration to the best interests of the child. The court shall assure minor children of frequent and continuing contact with both parents, when appropriate, and encourage parents to share in the responsibilities of rearing their children. As between the parents, there shall be no presumption or inference of law in favor of either.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.2"#,
        r#"Court-ordered custody and visitation arrangements (Effective July 1, 2025)"#,
        r#"<p>A. In any case in which a parenting plan has been filed by either party, the court shall consider that parenting plan. In any case in which custody or visitation of minor children is at issue, whether in a circuit or district court, the court shall provide prompt adjudication, upon due consideration of all the facts, of custody and visitation arrangements, including support and maintenance for the children, prior to other considerations arising in the matter.</p><p>B. In determining custody, the court shall give primary consideration to the best interests of the child. The court shall assure minor children of frequent and continuing contact with both parents, when appropriate, and encourage parents to share in the responsibilities of rearing their children. As between the parents, there shall be no presumption or inference of law in favor of either.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.3"#,
        r#"Best interests of the child; visitation"#,
        r#"<p>In determining best interests of a child for purposes of determining custody or visitation arrangements including any pendente lite orders pursuant to &sect;&nbsp;<a href="/vacode/20-124.2/">20-124.2</a>, the court shall consider the following:</p><p>1. The age and physical and mental condition of the child, giving due consideration to the child's changing developmental needs;</p><p>2. The age and physical and mental condition of each parent;</p><p>3. The relationship existing between each parent and each child, giving due consideration to the positive involvement with the child's life, the ability to accurately assess and meet the emotional, intellectual &amp; physical needs of the child;</p><p>4. The needs of the child, giving due consideration to other important relationships of the child, including but not limited to siblings, peers and extended family members;</p><p>5. The role that each parent has played and will play in the future, in the upbringing and care of the child;</p><p>6. The propensities of each parent to actively support the child's contact and relationship with the other parent, including whether a parent has unreasonably denied the other parent access to or visitation with the child;</p><p>7. The reasonable preference of the child, if the court deems the child to be of reasonable intelligence, understanding, age and experience to express such a preference;</p><p>8. Any history of family abuse as that term is defined in &sect;&nbsp;16.1-228; and</p><p>9. Such other factors as the court deems necessary and proper to the determination.</p><p>The judge shall communicate to the parties the basis of the decision either orally or in writing.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.7"#,
        r#"Repealed"#,
        r#"<p>Repealed by Acts 2020, c. 900, cl. 2.</p>"#,
    ],
    [
        r#"20"#,
        r#"Domestic Relations"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6.1"#,
        r#"Custody and Visitation Arrangements for Minor Children"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"20-124.8 through 20-124.10"#,
        r#"Repealed"#,
        r#"<p>Repealed by Acts 2021, c. 12, cl. 1.</p>"#,
    ],
    [r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#, r#""#],
];

/// Title 55.1, Property and Conveyances: the Virginia Residential Landlord and Tenant Act, with §
/// 55.1-1245 in two versions (the new one, 14 days to pay instead of five, effective July 1, 2027).
pub const TITLE_55_1: &[[&str; 15]] = &[
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"1"#,
        r#"General Provisions"#,
        r#""#,
        r#""#,
        r#"55.1-1200"#,
        r#"Definitions"#,
        r#"<p>As used in this chapter, unless the context requires a different meaning:</p><p>"Rent" means all money, other than a security deposit, owed or paid to the landlord under the rental agreement.</p><p>"Security deposit" means any refundable deposit of money, however denominated, including all money intended to be used as a security deposit under a rental agreement, or property, which is furnished by or on behalf of a tenant as a condition of occupancy.</p><p>"Tenant" means a person entitled only under the terms of a rental agreement to occupy a dwelling unit to the exclusion of others.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"2"#,
        r#"Landlord Obligations"#,
        r#""#,
        r#""#,
        r#"55.1-1204"#,
        r#"Terms and conditions of rental agreement; payment of rent; copy of rental agreement for tenant"#,
        r#"<p>A. A landlord and tenant may include in a rental agreement terms and conditions not prohibited by this chapter or other rule of law, including rent, charges for late payment of rent, the term of the agreement, automatic renewal of the rental agreement, requirements for escrow deposits, and other provisions governing the rights and obligations of the parties.</p><p>B. Rent shall be payable without demand or notice at the time and place agreed upon by the parties. Unless otherwise agreed, rent is payable at the place designated by the landlord, and periodic rent is payable at the beginning of any term of one month or less.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"2"#,
        r#"Landlord Obligations"#,
        r#""#,
        r#""#,
        r#"55.1-1220"#,
        r#"Landlord to maintain fit premises: exceptions"#,
        r#"<p>A. The landlord shall (i) comply with the requirements of applicable building and housing codes materially affecting health and safety; (ii) make all repairs and do whatever is necessary to put and keep the premises in a fit and habitable condition; and (iii) keep all common areas shared by two or more dwelling units of the premises in a clean and structurally safe condition.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"2"#,
        r#"Landlord Obligations"#,
        r#""#,
        r#""#,
        r#"55.1-1226"#,
        r#"Security deposits"#,
        r#"<p>A. A landlord may not demand or receive a security deposit, however denominated, in an amount or value in excess of two months' periodic rent.</p><p>B. Upon termination of the tenancy, the landlord may apply toward the payment of accrued rent, damages or other charges as provided in the rental agreement any security deposit. Within 45 days after the termination of the tenancy or the date the tenant vacates the dwelling unit, whichever occurs last, the landlord shall return the security deposit to the tenant, together with an itemized list of any deductions, by mailing it to the tenant's last known or forwarding address.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"5"#,
        r#"Landlord Remedies"#,
        r#""#,
        r#""#,
        r#"55.1-1243"#,
        r#"Remedies for absence, nonuse and abandonment"#,
        r#"<p>If the rental agreement requires the tenant to give notice to the landlord of an anticipated extended absence and the tenant willfully fails to do so, the landlord may recover actual damages from the tenant. If the tenant abandons the dwelling unit, the landlord may enter the dwelling unit as provided in &sect;&nbsp;55.1-1229.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"5"#,
        r#"Landlord Remedies"#,
        r#""#,
        r#""#,
        r#"55.1-1245"#,
        r#"Noncompliance with rental agreement; monetary penalty (Effective until July 1, 2027)"#,
        r#"<p>A. Except as otherwise provided in this chapter, if there is a material noncompliance by the tenant with the rental agreement or a violation of &sect;&nbsp;<a href="/vacode/55.1-1227/">55.1-1227</a> materially affecting health and safety, the landlord may serve a written notice on the tenant specifying the acts and omissions constituting the breach and stating that the rental agreement will terminate upon a date not less than 30 days after receipt of the notice if the breach is not remedied in 21 days and that the rental agreement shall terminate as provided in the notice.</p><p>F. If rent is unpaid when due and the tenant fails to pay rent within five days after written notice is served on him notifying the tenant of his nonpayment, and of the landlord's intention to terminate the rental agreement if the rent is not paid within the five-day period, the landlord may terminate the rental agreement and proceed to obtain possession of the premises as provided in &sect;&nbsp;55.1-1251.</p>"#,
    ],
    [
        r#"55.1"#,
        r#"Property and Conveyances"#,
        r#"IV"#,
        r#"Landlord and Tenant"#,
        r#""#,
        r#""#,
        r#"12"#,
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"5"#,
        r#"Landlord Remedies"#,
        r#""#,
        r#""#,
        r#"55.1-1245"#,
        r#"Noncompliance with rental agreement; monetary penalty (Effective July 1, 2027)"#,
        r#"<p>A. Except as otherwise provided in this chapter, if there is a material noncompliance by the tenant with the rental agreement or a violation of &sect;&nbsp;<a href="/vacode/55.1-1227/">55.1-1227</a> materially affecting health and safety, the landlord may serve a written notice on the tenant specifying the acts and omissions constituting the breach and stating that the rental agreement will terminate upon a date not less than 30 days after receipt of the notice if the breach is not remedied in 21 days and that the rental agreement shall terminate as provided in the notice.</p><p>F. If rent is unpaid when due and the tenant fails to pay rent within 14 days after written notice is served on him notifying the tenant of his nonpayment, and of the landlord's intention to terminate the rental agreement if the rent is not paid within the 14-day period, the landlord may terminate the rental agreement and proceed to obtain possession of the premises as provided in &sect;&nbsp;55.1-1251.</p>"#,
    ],
];

/// Title 40.1, Labor and Employment: definitions and wage payment.
pub const TITLE_40_1: &[[&str; 15]] = &[
    [
        r#"40.1"#,
        r#"Labor and Employment"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1"#,
        r#"General Provisions"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"40.1-2"#,
        r#"Definitions"#,
        r#"<p>As used in this title, unless the context requires a different meaning:</p><p>"Commissioner" means the Commissioner of Labor and Industry.</p><p>"Employer" means an individual, partnership, association, corporation, legal representative, receiver, trustee, or trustee in bankruptcy doing business in or operating within this Commonwealth who employs another to work for wages, salaries, or on commission.</p>"#,
    ],
    [
        r#"40.1"#,
        r#"Labor and Employment"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"3"#,
        r#"Protection of Employees"#,
        r#"1"#,
        r#"General Provisions"#,
        r#""#,
        r#""#,
        r#"40.1-28.7:1"#,
        r#"Use of social security numbers as employee identification numbers prohibited"#,
        r#"<p>No employer shall use an employee's social security number or any derivative thereof as an employee identification number, nor shall an employer include an employee's social security number or any derivative thereof on any identification card or badge.</p>"#,
    ],
    [
        r#"40.1"#,
        r#"Labor and Employment"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"3"#,
        r#"Protection of Employees"#,
        r#"1"#,
        r#"General Provisions"#,
        r#""#,
        r#""#,
        r#"40.1-29"#,
        r#"Time and medium of payment; withholding wages; penalties"#,
        r#"<p>A. 1. All employers operating a business shall establish regular pay periods and rates of pay for employees except executive personnel. All such employers shall pay salaried employees at least once each month and employees paid on an hourly rate at least once every two weeks or twice in each month.</p><p>2. Upon termination of employment an employee shall be paid all wages or salaries due him for work performed prior thereto; such payment shall be made on or before the date on which he would have been paid for such work had his employment not been terminated.</p><p>C. No employer shall withhold for any purpose any part of the wages or salaries of any employee except for payroll, wage or withholding taxes or in accordance with law, without the written and signed authorization of the employee. An employee may bring an action to recover wages owed, and the court shall award the wages owed, an additional equal amount as liquidated damages &amp; reasonable attorney fees and costs.</p>"#,
    ],
];

/// Title 58.1, Taxation: § 58.1-603 as a contingent pair.
pub const TITLE_58_1: &[[&str; 15]] = &[
    [
        r#"58.1"#,
        r#"TAXATION"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6"#,
        r#"RETAIL SALES AND USE TAX"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"58.1-600"#,
        r#"Definitions"#,
        r#"<p>As used in this chapter, unless the context clearly shows otherwise:</p><p>"Retail sale" means a sale to any person for any purpose other than for resale.</p>"#,
    ],
    [
        r#"58.1"#,
        r#"TAXATION"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6"#,
        r#"RETAIL SALES AND USE TAX"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"58.1-603"#,
        r#"Imposition of sales tax (Contingent expiration date)"#,
        r#"<p>There is hereby levied and imposed a license or privilege tax at the rate of 4.3 percent of the gross sales price of each item or article of tangible personal property sold at retail in this Commonwealth.</p>"#,
    ],
    [
        r#"58.1"#,
        r#"TAXATION"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"6"#,
        r#"RETAIL SALES AND USE TAX"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"58.1-603"#,
        r#"Imposition of sales tax (Contingent effective date)"#,
        r#"<p>There is hereby levied and imposed a license or privilege tax at the rate of 4.0 percent of the gross sales price of each item or article of tangible personal property sold at retail in this Commonwealth, once the condition of the enactment is met.</p>"#,
    ],
];

/// Articles I and II of the Constitution in the site's own header.
pub const CONSTITUTION: &[[&str; 8]] = &[
    [
        r#"1"#,
        r#"I"#,
        r#"BILL OF RIGHTS"#,
        r#"Section 1"#,
        r#"Equality and rights of men."#,
        r#"<p>That all men are by nature equally free and independent and have certain inherent rights, of which, when they enter into a state of society, they cannot, by any compact, deprive or divest their posterity; namely, the enjoyment of life and liberty, with the means of acquiring and possessing property, and pursuing and obtaining happiness and safety.</p>"#,
        r#"17"#,
        r#"2023-01-01"#,
    ],
    [
        r#"1"#,
        r#"I"#,
        r#"BILL OF RIGHTS"#,
        r#"Section 8"#,
        r#"Criminal prosecutions."#,
        r#"<p>That in criminal prosecutions a man hath a right to demand the cause and nature of his accusation, to be confronted with the accusers and witnesses, and to call for evidence in his favor, and he shall enjoy the right to a speedy and public trial, by an impartial jury of his vicinage. He shall not be deprived of life or liberty, except by the law of the land or the judgment of his peers, nor be compelled in any criminal proceeding to give evidence against himself.</p>"#,
        r#"17"#,
        r#"2023-01-01"#,
    ],
    [
        r#"1"#,
        r#"I"#,
        r#"BILL OF RIGHTS"#,
        r#"Section 12"#,
        r#"Freedom of speech and of the press; right peaceably to assemble, and to petition."#,
        r#"<p>That the freedoms of speech and of the press are among the great bulwarks of liberty, and can never be restrained except by despotic governments; that any citizen may freely speak, write, and publish his sentiments on all subjects, being responsible for the abuse of that right; that the General Assembly shall not pass any law abridging the freedom of speech or of the press, nor the right of the people peaceably to assemble, and to petition the government for the redress of grievances.</p>"#,
        r#"17"#,
        r#"2023-01-01"#,
    ],
    [
        r#"2"#,
        r#"II"#,
        r#"FRANCHISE AND OFFICERS"#,
        r#"Section 1"#,
        r#"Qualifications of voters."#,
        r#"<p>In elections by the people, the qualifications of voters shall be as follows: Each voter shall be a citizen of the United States, shall be eighteen years of age, shall fulfill the residence requirements set forth in this section, and shall be registered to vote pursuant to this article.</p>"#,
        r#"9"#,
        r#"2023-01-01"#,
    ],
];

pub const POPULAR_NAMES: &[[&str; 4]] = &[
    [r#"Custody and Visitation Act"#, r#"20"#, r#"20-124.1 through 20-124.6"#, r#""#],
    [
        r#"Virginia Residential Landlord and Tenant Act"#,
        r#"55.1"#,
        r#"55.1-1200 through 55.1-1262"#,
        r#"<p>Chapter 12 of Title 55.1; it governs most residential rentals in the Commonwealth.</p>"#,
    ],
    [
        r#"Wage Payment Act"#,
        r#"40.1"#,
        r#"40.1-29"#,
        r#"<p>The law on when and how an employer must pay wages, and what it may withhold.</p>"#,
    ],
];

/// Authorities; two share a name (and have no short name), one has an empty body.
pub const AUTHORITIES: &[[&str; 6]] = &[
    [
        r#"Virginia Housing Development Authority"#,
        r#"virginia-housing-development-authority"#,
        r#"Yes"#,
        r#"36"#,
        r#"36-55.24"#,
        r#"<p>A political subdivision created to finance housing for persons and families of low and moderate income, with power to make mortgage loans, issue bonds and notes, and set income limits.</p>"#,
    ],
    [
        r#"Virginia Port Authority"#,
        r#"virginia-port-authority"#,
        r#"Yes"#,
        r#"62.1"#,
        r#"62.1-128"#,
        r#"<p>The authority charged with the ports of the Commonwealth: it may acquire, construct, maintain, and operate marine terminals, port facilities, and related works.</p>"#,
    ],
    [
        r#"Virginia Resources Authority"#,
        r#"virginia-resources-authority"#,
        r#"Yes"#,
        r#"62.1"#,
        r#"62.1-199"#,
        r#"<p>An authority that finances water, wastewater, solid waste, and other local infrastructure projects through loans, leases, and revenue bonds.</p>"#,
    ],
    [r#"Industrial Development Authority"#, r#""#, r#"No"#, r#"15.2"#, r#"15.2-4903"#, r#""#],
    [
        r#"Industrial Development Authority"#,
        r#""#,
        r#"No"#,
        r#"15.2"#,
        r#"15.2-4904"#,
        r#"<p>A second authority of the same name, created under another section.</p>"#,
    ],
];

/// Title 1's first sections in the 2023 format (written by [`Export::pipe_2023`]).
pub const TITLE_1_OF_2023: &[[&str; 15]] = &[
    [
        r#"1"#,
        r#"GENERAL PROVISIONS"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1"#,
        r#"CODE OF VIRGINIA"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1-1"#,
        r#"Contents and designation of Code"#,
        r#"<p>The laws embraced in this and the following titles, chapters, articles and sections of this act shall constitute, and be designated and cited as the "Code of Virginia," hereinafter referred to as "the Code" or "this Code."</p>"#,
    ],
    [
        r#"1"#,
        r#"GENERAL PROVISIONS"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1"#,
        r#"CODE OF VIRGINIA"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1-2"#,
        r#"Effective date of Code"#,
        r#"<p>All the provisions of this Code shall be in force on and after February 1, 1950, except as provided in &sect;&nbsp;1-2.1.</p>"#,
    ],
    [
        r#"1"#,
        r#"GENERAL PROVISIONS"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1"#,
        r#"CODE OF VIRGINIA"#,
        r#""#,
        r#""#,
        r#""#,
        r#""#,
        r#"1-2.1"#,
        r#"Effective date of certain provisions"#,
        r#"<p>The following provisions of this Code shall become effective July 1, 1948.</p>"#,
    ],
];
