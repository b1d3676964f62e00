//! Answers in each service's documented shape.

use serde_json::{Value, json};

/// CourtListener `GET /api/rest/v4/search/?type=o`, as in its Legal Search API docs.
pub fn opinion_search() -> Value {
    let opinion = |id: u64, name: &str, court: &str, cites: Value, filed: &str, snippet: &str| {
        json!({
            "absolute_url": format!("/opinion/{id}/{}/", name.to_lowercase().replace([' ', '.', ','], "-")),
            "attorney": "",
            "caseName": name,
            "caseNameFull": name,
            "citation": cites,
            "citeCount": 12,
            "cluster_id": id,
            "court": court,
            "court_citation_string": "Va.",
            "court_id": "va",
            "dateArgued": null,
            "dateFiled": filed,
            "dateReargued": null,
            "dateReargumentDenied": null,
            "docketNumber": "Record No. 201234",
            "docket_id": id + 1,
            "judge": "",
            "lexisCite": "",
            "meta": { "timestamp": "2024-06-22T10:26:35.320787Z", "date_created": "2022-06-26T23:24:18.926040Z", "score": { "bm25": 2.1369965 } },
            "neutralCite": "",
            "non_participating_judge_ids": [],
            "opinions": [{
                "author_id": null, "cites": [], "download_url": null, "id": id + 2, "joined_by_ids": [], "local_path": null,
                "meta": { "timestamp": "2024-06-24T21:14:41.408206Z", "date_created": "2022-06-26T23:24:18.931912Z" },
                "per_curiam": false, "sha1": "", "snippet": snippet, "type": "lead-opinion"
            }],
            "panel_ids": [], "panel_names": [], "posture": "", "procedural_history": "", "scdb_id": "",
            "sibling_ids": [id + 2], "source": "U", "status": "Published", "suitNature": "", "syllabus": ""
        })
    };
    json!({
        "count": 2343,
        "next": "https://www.courtlistener.com/api/rest/v4/search/?cursor=cz0yMzUuODcxMjUmcz04MDUzNTUzJnQ9byZkPTIwMjQtMDktMTY%3D&q=foo",
        "previous": null,
        "results": [
            opinion(6613686, "Tenant v. Landlord Properties, LLC", "Supreme Court of Virginia", json!(["301 Va. 100", "880 S.E.2d 1"]), "2022-04-14",
                "\nThe <mark>landlord</mark> must return the <mark>security deposit</mark> within forty-five days &amp; itemize deductions.\n"),
            opinion(6613687, "Renter v. Owner", "Court of Appeals of Virginia", json!(["75 Va. App. 10"]), "2021-09-01", "Affirmed."),
            opinion(6613688, "Third v. Case", "Supreme Court of Virginia", json!([]), "2020-01-02", ""),
        ]
    })
}

/// CourtListener `GET /api/rest/v4/search/?type=r`: dockets with up to three nested RECAP documents.
pub fn docket_search() -> Value {
    let filing = json!({
        "id": 5, "docket_entry_id": 6, "description": "COMPLAINT against Example Corp", "entry_number": 1,
        "entry_date_filed": "2024-02-01", "short_description": "Complaint", "document_type": "PACER Document",
        "document_number": 1, "snippet": "The <mark>eviction</mark> was retaliatory.", "attachment_number": null,
        "is_available": true, "page_count": 12, "filepath_local": null, "absolute_url": "/docket/99999/1/doe-v-example-corp/",
        "pacer_doc_id": "67890", "cites": [], "meta": {}
    });
    json!({
        "count": 1,
        "next": null,
        "previous": null,
        "results": [{
            "assignedTo": "Jane Judge",
            "assigned_to_id": 1,
            "attorney": ["Sample Attorney"],
            "attorney_id": [11],
            "caseName": "Doe v. Example Corp",
            "case_name_full": "",
            "cause": "28:1331 Fed. Question",
            "chapter": null,
            "court": "District Court, E.D. Virginia",
            "court_citation_string": "E.D. Va.",
            "court_id": "vaed",
            "dateArgued": null,
            "dateFiled": "2024-02-01",
            "dateTerminated": null,
            "docketNumber": "3:24-cv-00001",
            "docket_absolute_url": "/docket/99999/doe-v-example-corp/",
            "docket_id": 99999,
            "firm": [],
            "firm_id": [],
            "jurisdictionType": "Federal Question",
            "juryDemand": "",
            "pacer_case_id": "12345",
            "party": ["Jane Doe", "Example Corp"],
            "party_id": [1, 2],
            "referredTo": null,
            "referred_to_id": null,
            "suitNature": "440 Civil Rights: Other",
            "trustee_str": null,
            "meta": { "timestamp": "2024-06-22T10:26:35.320787Z", "date_created": "2024-02-01T00:00:00Z", "score": { "bm25": 9.1 }, "more_docs": false },
            "recap_documents": [filing]
        }]
    })
}

/// CourtListener `POST /api/rest/v4/citation-lookup/`, as in its Citation Lookup docs: one found,
/// one ambiguous, one not found.
pub fn citation_lookup() -> Value {
    json!([
        {
            "citation": "576 U.S. 644",
            "normalized_citations": ["576 U.S. 644"],
            "start_index": 22,
            "end_index": 34,
            "status": 200,
            "error_message": "",
            "clusters": [{
                "resource_uri": "https://www.courtlistener.com/api/rest/v4/clusters/2812209/",
                "id": 2812209,
                "absolute_url": "/opinion/2812209/obergefell-v-hodges/",
                "case_name": "Obergefell v. Hodges",
                "case_name_full": "Obergefell v. Hodges, Director, Ohio Department of Health",
                "date_filed": "2015-06-26",
                "citations": [{ "volume": 576, "reporter": "U.S.", "page": "644", "type": 1 }],
                "syllabus": "",
                "summary": "<p>The Fourteenth Amendment requires a State to license a marriage between two people of the same sex.</p>",
                "precedential_status": "Published",
                "citation_count": 1200
            }]
        },
        {
            "citation": "1 H. 150",
            "normalized_citations": ["1 Handy 150", "1 Haw. 150", "1 Hill 150"],
            "start_index": 40,
            "end_index": 48,
            "status": 300,
            "clusters": [
                { "absolute_url": "/opinion/1/louis-v-steamboat-buckeye/", "case_name": "Louis v. Steamboat Buckeye", "date_filed": "1854-01-01",
                  "citations": [{ "volume": 1, "reporter": "Handy", "page": "150", "type": 2 }] },
                { "absolute_url": "/opinion/2/fell-v-parke/", "case_name": "Fell v. Parke", "date_filed": "1855-01-01",
                  "citations": [{ "volume": 1, "reporter": "Haw.", "page": "150", "type": 2 }] }
            ]
        },
        {
            "citation": "1 U.S. 200",
            "normalized_citations": ["1 U.S. 200"],
            "start_index": 60,
            "end_index": 70,
            "status": 404,
            "error_message": "Citation not found: '1 U.S. 200'",
            "clusters": []
        }
    ])
}

/// LegiScan `getSearch`: `searchresult` holds `summary` and bills under "0", "1", ….
pub fn legiscan_search(bills: usize) -> Value {
    let mut result = serde_json::Map::new();
    result.insert(
        "summary".into(),
        json!({ "page": "1 of 1", "range": format!("1 - {bills}"), "relevancy": "100% - 41%", "count": bills, "page_current": 1, "page_total": 1, "query": "security deposit" }),
    );
    for i in 0..bills {
        result.insert(
            i.to_string(),
            json!({
                "relevance": 100 - i as u64,
                "state": "VA",
                "bill_number": format!("HB{}", 1000 + i),
                "bill_id": 1_900_000 + i,
                "change_hash": "0123456789abcdef0123456789abcdef",
                "url": format!("https://legiscan.com/VA/bill/HB{}/2024", 1000 + i),
                "text_url": format!("https://legiscan.com/VA/text/HB{}/2024", 1000 + i),
                "research_url": format!("https://legiscan.com/VA/research/HB{}/2024", 1000 + i),
                "last_action_date": "2024-03-08",
                "last_action": "Governor: Acts of Assembly Chapter text (CHAP0123)",
                "title": format!("Landlord and tenant; security deposits, bill {i}.")
            }),
        );
    }
    json!({ "status": "OK", "searchresult": result })
}

/// GovInfo `POST /search`, as in its search service samples.
pub fn govinfo_search() -> Value {
    json!({
        "count": 57,
        "offsetMark": "AoJw8I2%2FxPcCPwVVU0NPVVJUUy12YWVkLTNfMjAtY3YtMDAxMjM%3D",
        "results": [
            {
                "title": "Doe v. Roe",
                "packageId": "USCOURTS-vaed-3_20-cv-00123",
                "granuleId": "USCOURTS-vaed-3_20-cv-00123-0",
                "lastModified": "2021-05-05T13:14:39Z",
                "governmentAuthor": ["United States District Court Eastern District of Virginia"],
                "dateIssued": "2021-05-04",
                "collectionCode": "USCOURTS",
                "resultLink": "https://api.govinfo.gov/packages/USCOURTS-vaed-3_20-cv-00123/granules/USCOURTS-vaed-3_20-cv-00123-0/summary",
                "dateIngested": "2021-05-05",
                "download": { "premisLink": "https://api.govinfo.gov/packages/USCOURTS-vaed-3_20-cv-00123/premis" }
            },
            {
                "title": "15 U.S.C. 1692 - Congressional findings and declaration of purpose",
                "packageId": "USCODE-2022-title15",
                "granuleId": null,
                "lastModified": "2023-07-28T13:14:39Z",
                "governmentAuthor": ["Office of the Law Revision Counsel"],
                "dateIssued": "2023-01-05",
                "collectionCode": "USCODE",
                "resultLink": "https://api.govinfo.gov/packages/USCODE-2022-title15/summary",
                "dateIngested": "2023-07-28",
                "download": {}
            }
        ]
    })
}

/// OpenAlex `GET /works?search=…`.
pub fn openalex_works() -> Value {
    let author = |name: &str| json!({ "author_position": "middle", "author": { "id": "https://openalex.org/A1", "display_name": name, "orcid": null }, "institutions": [] });
    json!({
        "meta": { "count": 1234, "db_response_time_ms": 25, "page": 1, "per_page": 10, "groups_count": null },
        "results": [
            {
                "id": "https://openalex.org/W2741809807",
                "doi": "https://doi.org/10.1234/prose.2019.1",
                "title": "Pro Se Litigants and <i>Access</i> to Justice",
                "display_name": "Pro Se Litigants and <i>Access</i> to Justice",
                "publication_year": 2019,
                "publication_date": "2019-03-01",
                "authorships": [author("Ann Author"), author("Ben Writer"), author("Cy Scholar"), author("Dee Fourth")],
                "primary_location": {
                    "is_oa": false,
                    "landing_page_url": "https://doi.org/10.1234/prose.2019.1",
                    "source": { "id": "https://openalex.org/S1", "display_name": "Virginia Law Review", "type": "journal" }
                },
                "abstract_inverted_index": { "People": [0], "without": [1], "lawyers": [2], "lose": [3], "more": [4], "often.": [5] },
                "cited_by_count": 42
            },
            {
                "id": "https://openalex.org/W2",
                "doi": null,
                "title": "Courts and the Unrepresented",
                "display_name": "Courts and the Unrepresented",
                "publication_year": 2021,
                "publication_date": "2021-01-01",
                "authorships": [author("Solo Author")],
                "primary_location": { "is_oa": true, "landing_page_url": "https://example.edu/paper", "source": null },
                "abstract_inverted_index": null,
                "cited_by_count": 0
            }
        ]
    })
}

/// SerpAPI `GET /search.json?engine=google`: a local pack and organic results.
pub fn serpapi_google() -> Value {
    json!({
        "search_metadata": { "id": "64c148d35119a60ab1e00cc9", "status": "Success", "json_endpoint": "https://serpapi.com/searches/x.json", "total_time_taken": 1.2 },
        "search_parameters": { "engine": "google", "q": "family law lawyer Richmond, Virginia", "google_domain": "google.com", "hl": "en", "gl": "us", "device": "desktop" },
        "search_information": { "organic_results_state": "Results for exact spelling", "total_results": 1_230_000, "time_taken_displayed": 0.41 },
        "local_map": { "link": "https://www.google.com/search?q=family+law", "image": "https://serpapi.com/searches/x/images/map.png" },
        "local_results": {
            "more_locations_link": "https://www.google.com/search?tbm=lcl&q=family+law+lawyer",
            "places": [
                {
                    "position": 1, "title": "Smith Family Law", "place_id": "11265938073076301333", "lsig": "AB86z5Vdw6C2pJpM0xQ6JUx2KONU",
                    "rating": 4.8, "reviews": 212, "type": "Family law attorney", "address": "123 Main St, Richmond, VA",
                    "phone": "(804) 555-0100", "hours": "Open ⋅ Closes 5PM",
                    "links": { "website": "https://smithfamilylaw.example", "directions": "https://www.google.com/maps/dir//Smith+Family+Law" }
                },
                { "position": 2, "title": "Jones & Partners", "place_id": "2", "rating": 4.1, "reviews": 9, "type": "Lawyer", "address": "9 Broad St, Richmond, VA" }
            ]
        },
        "organic_results": [
            { "position": 1, "title": "Lawyer Referral Service - Virginia State Bar", "link": "https://www.vsb.org/lrs", "displayed_link": "https://www.vsb.org › lrs",
              "snippet": "The <b>Lawyer</b> Referral Service can help you find a lawyer." }
        ]
    })
}
