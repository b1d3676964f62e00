//! Downloads the official Code of Virginia CSV exports from the Virginia LIS
//! (`https://law.lis.virginia.gov/CSV/CoVTitle_<n>.csv`, ...). The base URL can be overridden with
//! `LIS_BASE_URL` (tests point it at a local server).

use std::path::Path;

use crate::Error;
use crate::ingest::LIS_BASE_URL;

/// Every title of the Code of Virginia, as the export file names spell them.
pub const TITLES: &[&str] = &[
    "1", "2.2", "3.2", "4.1", "5.1", "6.2", "8.01", "8.1A", "8.2", "8.2A", "8.3A", "8.4", "8.4A", "8.5A", "8.7", "8.8A", "8.9A", "8.10",
    "8.11", "8.12", "8.13", "9.1", "10.1", "11", "12.1", "13.1", "15.2", "16.1", "17.1", "18.2", "19.2", "20", "21", "22.1", "23.1",
    "24.2", "25.1", "27", "28.2", "29.1", "30", "32.1", "33.2", "34", "35.1", "36", "37.2", "38.2", "40.1", "41.1", "42.1", "43", "44",
    "45.2", "46.2", "47.1", "48", "49", "50", "51.1", "51.5", "52", "53.1", "54.1", "55.1", "56", "57", "58.1", "59.1", "60.2", "61.1",
    "62.1", "63.2", "64.2", "65.2", "66", "67",
];

/// The export files, by name.
pub fn file_names() -> Vec<String> {
    let mut names: Vec<String> = TITLES.iter().map(|t| format!("CoVTitle_{t}.csv")).collect();
    names.extend(["Constitution.csv", "PopularNames.csv", "Authorities.csv"].map(String::from));
    names
}

/// Downloads every export into `dir`, each written atomically. A file the server does not have is
/// reported and skipped; the download fails only if nothing arrives.
pub async fn fetch_exports(dir: &Path, on_file: impl Fn(&str, Result<u64, String>)) -> Result<usize, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Io(dir.to_path_buf(), e))?;
    let base = std::env::var("LIS_BASE_URL").unwrap_or_else(|_| LIS_BASE_URL.to_string());
    let client = proseva_http::client_builder(concat!("proseva-explorer/", env!("CARGO_PKG_VERSION")))
        .timeout(std::time::Duration::from_secs(180))
        .build()
        .map_err(|e| Error::Fetch(proseva_http::describe(&e)))?;
    let mut fetched = 0;
    for name in file_names() {
        let url = format!("{}/CSV/{name}", base.trim_end_matches('/'));
        let result = async {
            let response = client.get(&url).send().await.map_err(|e| format!("{url}: {}", proseva_http::describe(&e)))?;
            if !response.status().is_success() {
                return Err(format!("{url}: HTTP {}", response.status()));
            }
            let bytes = response.bytes().await.map_err(|e| format!("{url}: {}", proseva_http::describe(&e)))?;
            let tmp = dir.join(format!(".{name}.part"));
            std::fs::write(&tmp, &bytes).and_then(|()| std::fs::rename(&tmp, dir.join(&name))).map_err(|e| format!("{name}: {e}"))?;
            Ok(bytes.len() as u64)
        }
        .await;
        if result.is_ok() {
            fetched += 1;
        }
        on_file(&name, result);
    }
    if fetched == 0 {
        return Err(Error::Fetch(format!("no export could be downloaded from {base}")));
    }
    Ok(fetched)
}
