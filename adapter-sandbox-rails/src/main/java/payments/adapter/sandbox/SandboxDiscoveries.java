package payments.adapter.sandbox;

import java.util.List;
import payments.core.fx.Institution;
import payments.ports.driven.fx.Discoveries;

/**
 * A fixed catalogue of well-known banks and mobile-money providers in the corridors the service serves. There is
 * no directory provider yet, so production answers from the same catalogue.
 */
public final class SandboxDiscoveries implements Discoveries {
    static final List<Institution> CATALOGUE = List.of(
            i("JPMorgan Chase Bank, N.A.", "Chase", "US", "USD"),
            i("Bank of America, N.A.", "Bank of America", "US", "USD"),
            i("Wells Fargo Bank, N.A.", "Wells Fargo", "US", "USD"),
            i("Citibank, N.A.", "Citi", "US", "USD"),
            i("BBVA México", "BBVA", "MX", "MXN"),
            i("Banco Santander México", "Santander", "MX", "MXN"),
            i("Banco Mercantil del Norte (Banorte)", "Banorte", "MX", "MXN"),
            i("Banco Azteca", "Banco Azteca", "MX", "MXN"),
            i("Itaú Unibanco", "Itaú", "BR", "BRL"),
            i("Banco do Brasil", "Banco do Brasil", "BR", "BRL"),
            i("Banco Bradesco", "Bradesco", "BR", "BRL"),
            i("Nu Pagamentos (Nubank)", "Nubank", "BR", "BRL"),
            i("Barclays Bank UK", "Barclays", "GB", "GBP"),
            i("HSBC UK Bank", "HSBC UK", "GB", "GBP"),
            i("Lloyds Bank", "Lloyds", "GB", "GBP"),
            i("Monzo Bank", "Monzo", "GB", "GBP"),
            i("Deutsche Bank", "Deutsche Bank", "DE", "EUR"),
            i("Commerzbank", "Commerzbank", "DE", "EUR"),
            i("N26 Bank", "N26", "DE", "EUR"),
            i("BNP Paribas", "BNP Paribas", "FR", "EUR"),
            i("Société Générale", "Société Générale", "FR", "EUR"),
            i("Crédit Agricole", "Crédit Agricole", "FR", "EUR"),
            i("Banco Santander", "Santander", "ES", "EUR"),
            i("CaixaBank", "CaixaBank", "ES", "EUR"),
            i("Banco Bilbao Vizcaya Argentaria", "BBVA", "ES", "EUR"),
            i("State Bank of India", "SBI", "IN", "INR"),
            i("HDFC Bank", "HDFC Bank", "IN", "INR"),
            i("ICICI Bank", "ICICI Bank", "IN", "INR"),
            i("Axis Bank", "Axis Bank", "IN", "INR"),
            i("Access Bank", "Access Bank", "NG", "NGN"),
            i("Guaranty Trust Bank", "GTBank", "NG", "NGN"),
            i("Zenith Bank", "Zenith Bank", "NG", "NGN"),
            i("First Bank of Nigeria", "FirstBank", "NG", "NGN"),
            i("Safaricom M-PESA", "M-PESA", "KE", "KES"),
            i("Airtel Money Kenya", "Airtel Money", "KE", "KES"),
            i("KCB Bank Kenya", "KCB", "KE", "KES"),
            i("Equity Bank Kenya", "Equity Bank", "KE", "KES"),
            i("BDO Unibank", "BDO", "PH", "PHP"),
            i("Bank of the Philippine Islands", "BPI", "PH", "PHP"),
            i("Metropolitan Bank and Trust Company", "Metrobank", "PH", "PHP"),
            i("GCash (G-Xchange)", "GCash", "PH", "PHP"),
            i("Royal Bank of Canada", "RBC", "CA", "CAD"),
            i("The Toronto-Dominion Bank", "TD", "CA", "CAD"),
            i("Bank of Nova Scotia", "Scotiabank", "CA", "CAD"),
            i("Standard Bank of South Africa", "Standard Bank", "ZA", "ZAR"),
            i("FirstRand Bank (FNB)", "FNB", "ZA", "ZAR"),
            i("Absa Bank", "Absa", "ZA", "ZAR"),
            i("Capitec Bank", "Capitec", "ZA", "ZAR"),
            i("Ecobank Ghana", "Ecobank", "GH", "GHS"),
            i("GCB Bank", "GCB", "GH", "GHS"),
            i("MTN Mobile Money Ghana", "MTN MoMo", "GH", "GHS"));

    @Override
    public List<Institution> find(String country, String currency) {
        return CATALOGUE.stream()
                .filter(x -> country == null || x.country().equals(country))
                .filter(x -> currency == null || x.currency().equals(currency))
                .toList();
    }

    private static Institution i(String bankName, String displayName, String country, String currency) {
        return new Institution(bankName, displayName, country, currency);
    }
}
